import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import {
  fetchPayloadTexts,
  formatSpread,
  spreadOf,
  startPayloadSandboxes,
} from '@perpkit/bench-kit'

/** Largest acceptable decode CPU time as a ratio to `JSON.parse` of the same text (issue #36). */
const TARGET = 0.15
/** Fresh processes per payload. */
const RUNS = 5

const run = promisify(execFile)
const child = fileURLToPath(new URL('./decode-child.ts', import.meta.url))
const packageDir = fileURLToPath(new URL('..', import.meta.url))

/**
 * `decodeData` (validation of every field, and normalization) of each payload
 * as the sandbox serves it with its defaults, fetched uncompressed, as a ratio
 * of CPU time to `JSON.parse` of the same text: {@link RUNS} fresh processes
 * per payload, median and range.
 */
const sandboxes = await startPayloadSandboxes()
const dir = await mkdtemp(join(tmpdir(), 'perpkit-decode-'))
try {
  const texts = await fetchPayloadTexts(sandboxes.payloads)
  const lines = [
    `\n### decodeData of a freshly parsed payload, CPU time / JSON.parse's (fresh processes, median of ${RUNS} runs, range; target <= ${TARGET})\n`,
    '| payload | KiB | JSON.parse | decodeData | ratio | |',
    '|---|---:|---:|---:|---:|---|',
  ]
  for (const [i, payload] of sandboxes.payloads.entries()) {
    const text = texts[i] as string
    const file = join(dir, `${i}.json`)
    await writeFile(file, text)
    const parse: number[] = []
    const decode: number[] = []
    const ratio: number[] = []
    for (let r = 0; r < RUNS; r++) {
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', child, payload.path, file],
        { cwd: packageDir },
      )
      const sample = JSON.parse(stdout) as { parseUs: number; decodeUs: number }
      parse.push(sample.parseUs)
      decode.push(sample.decodeUs)
      ratio.push(sample.decodeUs / sample.parseUs)
    }
    const r = spreadOf(ratio)
    lines.push(
      `| ${payload.name} | ${(text.length / 1024).toFixed(0)} | ${formatSpread(spreadOf(parse), 1, ' µs')} | ${formatSpread(
        spreadOf(decode),
        1,
        ' µs',
      )} | ${formatSpread(r)} | ${r.median <= TARGET ? 'ok' : 'MISSED'} |`,
    )
  }
  console.log(lines.join('\n'))
} finally {
  await rm(dir, { recursive: true, force: true })
  await sandboxes.stop()
}
