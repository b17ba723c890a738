import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { fetchPayloadTexts, median, startPayloadSandboxes } from '@perpkit/bench-kit'

/**
 * `tsx bench/profile-decode.ts [payload word]`: where `decodeData`'s time goes on each
 * payload of bench/index.ts, from the V8 CPU profiler (bench/profile-decode-child.mjs, on the
 * built package: run `pnpm build` first), the median of 3 runs. Each line tick is put in one group by the function
 * or the line it fell on; a group's time is printed in units of `JSON.parse` of the same text
 * (the bench's ratio, so the groups add up to the profile's decode / parse), its garbage
 * collection as the collector's time beyond a parse-only run of the same payload. Details
 * payloads are profiled twice more: their rows re-serialized in one key order, which shows
 * what the sandbox's (and live's) mix of key orders costs.
 */
type Profile = {
  nodes: {
    callFrame: { functionName: string; url: string }
    hitCount?: number
    positionTicks?: { line: number; ticks: number }[]
  }[]
}

const run = promisify(execFile)
const packageDir = fileURLToPath(new URL('..', import.meta.url))
const child = fileURLToPath(new URL('./profile-decode-child.mjs', import.meta.url))
const runtimeFile = join(packageDir, 'dist/runtime.js')
if (!existsSync(runtimeFile)) throw new Error(`${runtimeFile} is missing: run \`pnpm build\``)
const runtime = (await readFile(runtimeFile, 'utf8')).split('\n')

// Each line of dist/runtime.js: the function it is in, and whether it builds a model literal.
const functionAt: string[] = []
const literalLines = new Set<number>()
let current = ''
for (const [i, line] of runtime.entries()) {
  const declared = /^(?:export )?function (\w+)|^var (\w+) = class/.exec(line)
  if (declared) current = (declared[1] ?? declared[2]) as string
  functionAt[i + 1] = current
  if (/^\s*out\[i\] = \{|^\s*return \{ /.test(line)) {
    let j = i
    while (!/\};?\s*$/.test(runtime[j] as string)) literalLines.add(++j)
    literalLines.add(i + 1)
  }
}

/** The group of a line tick in dist/runtime.js. */
function groupOf(line: number): string {
  const fn = functionAt[line] ?? ''
  if (/^is(Unsigned)?DecimalString$|^isDecimalLike$/.test(fn)) return 'decimal-string checks'
  if (literalLines.has(line)) return 'model object literals'
  if (/^is|^hasEither$/.test(fn)) return 'other checks'
  if (/List\d*$|^decode[A-Z]/.test(fn)) return 'decoder bodies: loads, typeof, loop'
  if (/ToMs$|^candleTime$|^parseEpoch|^orNull$|^emptyIfNull$|Of$/.test(fn)) return 'conversions'
  return 'decodeData, Decoded, other'
}

/** Samples by group; `parse` and `gc` are JSON.parse's and the collector's. */
function tally(profile: Profile): Map<string, number> {
  const groups = new Map<string, number>()
  const add = (group: string, n: number) => groups.set(group, (groups.get(group) ?? 0) + n)
  for (const node of profile.nodes) {
    const { url, functionName } = node.callFrame
    if (functionName === '(garbage collector)') add('gc', node.hitCount ?? 0)
    else if (url.endsWith('profile-decode-child.mjs')) add('parse', node.hitCount ?? 0)
    else if (url.endsWith('dist/runtime.js')) {
      let ticked = 0
      for (const { line, ticks } of node.positionTicks ?? []) {
        add(groupOf(line), ticks)
        ticked += ticks
      }
      add('decodeData, Decoded, other', (node.hitCount ?? 0) - ticked)
    } else if (functionName !== '(idle)') add('other', node.hitCount ?? 0)
  }
  return groups
}

const GROUPS = [
  'decimal-string checks',
  'other checks',
  'decoder bodies: loads, typeof, loop',
  'model object literals',
  'conversions',
  'decodeData, Decoded, other',
  'garbage collection beyond parse',
] as const

/** Profiled runs per payload (each a decode process and a parse-only one); medians. */
const RUNS = 3
const only = process.argv[2]
const sandboxes = await startPayloadSandboxes()
const dir = await mkdtemp(join(tmpdir(), 'perpkit-profile-'))
try {
  const texts = await fetchPayloadTexts(sandboxes.payloads)
  const cases: { name: string; path: string; text: string }[] = []
  for (const [i, payload] of sandboxes.payloads.entries()) {
    if (only && !payload.name.includes(only)) continue
    const text = texts[i] as string
    cases.push({ name: payload.name, path: payload.path, text })
    if (payload.path === '/contract/public/details') {
      cases.push({
        name: `${payload.name}, rows in one key order`,
        path: payload.path,
        text: oneKeyOrder(text),
      })
    }
  }
  console.log(
    `| payload | decode / parse (profile) | ${GROUPS.join(' | ')} |\n|---|${'---:|'.repeat(GROUPS.length + 1)}`,
  )
  for (const [k, c] of cases.entries()) {
    const body = join(dir, `${k}.json`)
    await writeFile(body, c.text)
    // Each run: a decode process and a parse-only one, interleaved; medians over the runs.
    const runs: Map<string, number>[] = []
    for (let r = 0; r < RUNS; r++) {
      const profiles: Map<string, number>[] = []
      for (const mode of ['decode', 'parse']) {
        const out = join(dir, `${k}-${mode}.cpuprofile`)
        await run(process.execPath, [child, c.path, body, mode, out], { cwd: packageDir })
        profiles.push(tally(JSON.parse(await readFile(out, 'utf8')) as Profile))
      }
      runs.push(shares(...(profiles as [Map<string, number>, Map<string, number>])))
    }
    const share = (group: string) => median(runs.map((shares) => shares.get(group) ?? 0))
    const total = GROUPS.reduce((sum, group) => sum + share(group), 0)
    console.log(
      `| ${c.name} | ${total.toFixed(3)} | ${GROUPS.map((g) => `${share(g).toFixed(3)} (${Math.round((100 * share(g)) / total)}%)`).join(' | ')} |`,
    )
  }
} finally {
  await rm(dir, { recursive: true, force: true })
  await sandboxes.stop()
}

/** Each group's time in units of JSON.parse's, from a decode run and a parse-only run. */
function shares(decode: Map<string, number>, parseOnly: Map<string, number>): Map<string, number> {
  const parse = decode.get('parse') ?? 1
  const result = new Map(GROUPS.map((group) => [group as string, (decode.get(group) ?? 0) / parse]))
  const gcOnly = (parseOnly.get('gc') ?? 0) / (parseOnly.get('parse') ?? 1)
  result.set(GROUPS[6], Math.max(0, (decode.get('gc') ?? 0) / parse - gcOnly))
  return result
}

/** The same details payload with every row's keys in the first row's order (then its own). */
function oneKeyOrder(text: string): string {
  const body = JSON.parse(text) as { data: { symbols: Record<string, unknown>[] } }
  const order = Object.keys(body.data.symbols[0] ?? {})
  body.data.symbols = body.data.symbols.map((row) => {
    const copy: Record<string, unknown> = {}
    for (const key of order) if (key in row) copy[key] = row[key]
    return Object.assign(copy, row)
  })
  return JSON.stringify(body)
}
