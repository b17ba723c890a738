import { median, type SandboxPayload } from '@perpkit/bench-kit'
import { decodeData, type EndpointPath, endpoints } from '@perpkit/schemas'

function meanMs(fn: () => unknown, calls: number): number {
  const started = performance.now()
  for (let i = 0; i < calls; i++) fn()
  return (performance.now() - started) / calls
}

/**
 * What `decodeData` adds to a request of `payload`: decoding a freshly parsed
 * body, `JSON.parse` of the same text taken out, interleaved rounds, median.
 *
 * @param payload - The payload.
 * @param text - Its body as the client receives it.
 * @returns Milliseconds per call.
 */
export function decodeMs(payload: SandboxPayload, text: string): number {
  const endpoint = endpoints[payload.path as EndpointPath]
  const calls = text.length > 100_000 ? 10 : 100
  const parse = () => JSON.parse(text)
  const decode = () => decodeData(endpoint, (JSON.parse(text) as { data: unknown }).data)
  const both: number[] = []
  const parseOnly: number[] = []
  for (let round = -2; round < 15; round++) {
    const d = meanMs(decode, calls)
    const p = meanMs(parse, calls)
    if (round >= 0) {
      both.push(d)
      parseOnly.push(p)
    }
  }
  return Math.max(0, median(both) - median(parseOnly))
}
