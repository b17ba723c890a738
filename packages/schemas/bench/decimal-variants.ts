import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { fetchPayloadTexts, median, startPayloadSandboxes } from '@perpkit/bench-kit'

/**
 * `tsx bench/decimal-variants.ts`: ns per string of forms of the unsigned decimal check on
 * the decimal strings of the depth 100 and details 300 payloads, fresh from `JSON.parse`, each
 * form in 5 fresh processes (median of medians). The numbers PROFILE.md quotes for the forms
 * that were tried: `isUnsignedDecimalString` stays the fastest.
 */
const RUNS = 5
const FORMS = [
  'two loops (checks.ts)',
  'regular expression',
  'one loop, dot tracked',
  'regex > 12 chars',
]

if (process.argv[2] === '--child') {
  const [, , , file, form] = process.argv
  const { readFileSync } = await import('node:fs')
  const text = readFileSync(file as string, 'utf8')
  const { isUnsignedDecimalString } = await import('../src/checks.ts')
  const RE = /^\d+(?:\.\d+)?$/
  const oneLoop = (value: unknown): boolean => {
    if (typeof value !== 'string') return false
    const n = value.length
    let dot = -1
    for (let i = 0; i < n; i++) {
      const c = value.charCodeAt(i)
      if ((c - 48) >>> 0 > 9) {
        if (c !== 46 || dot !== -1) return false
        dot = i
      }
    }
    return n > 0 && dot !== 0 && dot !== n - 1
  }
  const check = [
    isUnsignedDecimalString,
    (v: unknown) => typeof v === 'string' && RE.test(v),
    oneLoop,
    (v: unknown) =>
      typeof v === 'string' && (v.length > 12 ? RE.test(v) : isUnsignedDecimalString(v)),
  ][Number(form)] as (v: unknown) => boolean
  const strings = (): string[] => {
    const out: string[] = []
    JSON.parse(text, (_key, v: unknown) => {
      if (typeof v === 'string' && (v.charCodeAt(0) - 48) >>> 0 <= 9) out.push(v)
      return v
    })
    return out
  }
  const rounds: number[] = []
  let accepted = 0
  for (let r = 0; r < 30; r++) {
    const fresh = strings()
    const started = process.cpuUsage()
    for (let k = 0; k < 20; k++) for (const s of fresh) if (check(s)) accepted++
    const used = process.cpuUsage(started)
    if (r >= 5) rounds.push(((used.user + used.system) * 1000) / (20 * fresh.length))
  }
  process.stdout.write(JSON.stringify({ ns: median(rounds), accepted }))
} else {
  const sandboxes = await startPayloadSandboxes()
  const dir = await mkdtemp(join(tmpdir(), 'perpkit-decimal-'))
  try {
    const picked = sandboxes.payloads.filter(
      (p) => p.name.startsWith('depth, 100') || p.name.startsWith('details, 300'),
    )
    const texts = await fetchPayloadTexts(picked)
    console.log(`| form | ${picked.map((p) => p.name).join(' | ')} |\n|---|---:|---:|`)
    for (const [form, name] of FORMS.entries()) {
      const cells: string[] = []
      for (const [i, text] of texts.entries()) {
        const file = join(dir, `${i}.json`)
        await writeFile(file, text)
        const ns: number[] = []
        for (let r = 0; r < RUNS; r++) {
          const out = execFileSync(process.execPath, [
            '--import',
            'tsx',
            fileURLToPath(import.meta.url),
            '--child',
            file,
            String(form),
          ])
          ns.push((JSON.parse(out.toString()) as { ns: number }).ns)
        }
        cells.push(`${median(ns).toFixed(1)} ns`)
      }
      console.log(`| ${name} | ${cells.join(' | ')} |`)
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
    await sandboxes.stop()
  }
}
