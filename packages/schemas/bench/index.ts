import { fetchPayloadTexts, median, startPayloadSandboxes } from '@perpkit/bench-kit'
import { decodeData, type EndpointPath, endpoints } from '@perpkit/schemas'

/** Largest acceptable decode time as a ratio to `JSON.parse` of the same text. */
const TARGET = 0.2

/**
 * Times `JSON.parse(text)` and `decodeData` of the object it just made, on
 * every iteration (a fresh object each time, as a client decodes it; never
 * the same object again), for `ms` milliseconds; medians of each.
 */
function measure(path: EndpointPath, text: string, ms: number) {
  const endpoint = endpoints[path]
  const first = decodeData(endpoint, (JSON.parse(text) as { data: unknown }).data)
  if (!first.success) throw new Error(`${path}: does not decode: ${JSON.stringify(first.issues)}`)
  const parse: number[] = []
  const decode: number[] = []
  const until = performance.now() + ms
  for (let i = 0; performance.now() < until || i < 50; i++) {
    const t0 = performance.now()
    const body = JSON.parse(text) as { data: unknown }
    const t1 = performance.now()
    decodeData(endpoint, body.data)
    const t2 = performance.now()
    if (i >= 20) {
      parse.push(t1 - t0)
      decode.push(t2 - t1)
    }
  }
  return { parseMs: median(parse), decodeMs: median(decode) }
}

/**
 * `decodeData` (validation of every field, and normalization) of each payload
 * as the sandbox serves it with its defaults, fetched uncompressed, as a ratio
 * to `JSON.parse` of the same text, both timed on every iteration.
 */
const sandboxes = await startPayloadSandboxes()
try {
  const texts = await fetchPayloadTexts(sandboxes.payloads)
  const lines = [
    `\n### decodeData of a freshly parsed payload, per JSON.parse (target <= ${TARGET})\n`,
    '| payload | KiB | JSON.parse | decodeData | ratio | target | |',
    '|---|---:|---:|---:|---:|---:|---|',
  ]
  for (const [i, payload] of sandboxes.payloads.entries()) {
    const text = texts[i] as string
    const { parseMs, decodeMs } = measure(payload.path as EndpointPath, text, 1500)
    const ratio = decodeMs / parseMs
    lines.push(
      `| ${payload.name} | ${(text.length / 1024).toFixed(0)} | ${(parseMs * 1000).toFixed(1)} µs | ${(
        decodeMs * 1000
      ).toFixed(1)} µs | ${ratio.toFixed(2)}x | ${TARGET} | ${ratio <= TARGET ? 'ok' : 'MISSED'} |`,
    )
  }
  console.log(lines.join('\n'))
} finally {
  await sandboxes.stop()
}
