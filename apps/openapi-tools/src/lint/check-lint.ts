/**
 * The document through two linters as their users run them: Spectral with its OpenAPI
 * ruleset (`spectral:oas`, `.spectral.yaml` here) and Redocly with its `recommended` rules.
 * Both must find nothing: no error and no warning (Spectral's infos and hints are listed
 * too). Offline: the CLIs run with this Node, telemetry and update checks off.
 *
 * @module
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { OPENAPI_FILE } from '../repo-files.ts'
import { offlineEnv, toolBin } from '../tool-bin.ts'

const DOCUMENT = process.argv[2] ?? OPENAPI_FILE
const RULESET = fileURLToPath(new URL('../../.spectral.yaml', import.meta.url))

/** One finding, as both tools are summed up here. */
interface Finding {
  severity: string
  rule: string
  message: string
  where: string
}

/** Runs a tool's CLI and returns its standard output (its exit code says little: we count). */
function run(pkg: string, command: string, args: string[]): string {
  const result = spawnSync(process.execPath, [toolBin(pkg, command), ...args], {
    env: offlineEnv(),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.error) throw result.error
  if (result.stdout.trim() === '') {
    throw new Error(`${command} printed nothing (exit ${result.status}):\n${result.stderr}`)
  }
  return result.stdout
}

const SPECTRAL_SEVERITY = ['error', 'warning', 'info', 'hint']

function spectral(): Finding[] {
  const out = run('@stoplight/spectral-cli', 'spectral', [
    'lint',
    DOCUMENT,
    '--ruleset',
    RULESET,
    '--format',
    'json',
    '--fail-severity',
    'error',
    '--quiet',
  ])
  const results = JSON.parse(out) as {
    code: string
    message: string
    severity: number
    path: string[]
  }[]
  return results.map((r) => ({
    severity: SPECTRAL_SEVERITY[r.severity] ?? String(r.severity),
    rule: r.code,
    message: r.message,
    where: r.path.join('.'),
  }))
}

function redocly(): Finding[] {
  const out = run('@redocly/cli', 'redocly', [
    'lint',
    DOCUMENT,
    '--extends',
    'recommended',
    '--format',
    'json',
  ])
  const report = JSON.parse(out) as {
    problems: {
      ruleId: string
      severity: string
      message: string
      location: { pointer: string }[]
    }[]
  }
  return report.problems.map((p) => ({
    severity: p.severity === 'warn' ? 'warning' : p.severity,
    rule: p.ruleId,
    message: p.message,
    where: p.location[0]?.pointer ?? '',
  }))
}

let failed = false
for (const [tool, findings] of [
  ['Spectral (spectral:oas)', spectral()],
  ['Redocly (recommended)', redocly()],
] as const) {
  const count = (severity: string) => findings.filter((f) => f.severity === severity).length
  console.log(
    `${tool}: ${count('error')} errors, ${count('warning')} warnings, ${findings.length - count('error') - count('warning')} other`,
  )
  for (const f of findings) console.log(`  ${f.severity} ${f.rule} at ${f.where}: ${f.message}`)
  if (count('error') + count('warning') > 0) failed = true
}
if (failed) {
  console.error('the linters found errors or warnings in the document')
  process.exitCode = 1
}
