/**
 * Command-line arguments of `perpkit-sandbox`, to sandbox options.
 *
 * @module
 */
import { parseArgs } from 'node:util'
import type { SandboxOptions } from '../options.ts'

/** The help text of `perpkit-sandbox --help`. */
export const USAGE = `Usage: perpkit-sandbox [options]

Starts a local server that speaks the contract market-data interface.

Options:
  -p, --port <n>                    port to listen on; 0 picks a free one (default 0)
      --host <host>                 interface to listen on (default 127.0.0.1)
      --seed <seed>                 market seed, number or string (default 1)
      --now <ms|ISO date>           freeze the clock at this time (default: the real clock)
      --depth-levels <n>            order-book levels per side, 1-1000 (default 50)
      --rate-limit                  enforce per-IP budgets (429, then 418) and send rate-limit headers
      --rate-limit-header-prefix <p>  prefix of the rate-limit headers (default X-PK)
      --api-key <key> --secret <secret> --memo <memo>
                                    signed mode: every endpoint requires signed headers
      --signature-window-ms <n>     accepted timestamp distance in signed mode (default 30000)
      --get-body-rule <query|empty> what GET requests sign (default query)
      --no-quirks                   clean mode: no live quirks (default: quirks on)
      --contracts <named|live|n>    the catalog: the named contracts, about 1,200 (live) or n in all
      --no-cors                     send no CORS headers (default: every origin allowed)
      --cors-origin <origin>        allow only this origin (repeatable)
  -q, --quiet                       do not log requests
  -h, --help                        show this help
  -v, --version                     print the version
`

/** What the command line asks for. */
export type CliCommand = { help: true } | { help: false; options: SandboxOptions }

function integer(name: string, text: string): number {
  if (!/^\d+$/.test(text)) throw new TypeError(`--${name} must be a whole number, got ${text}`)
  return Number(text)
}

function clock(text: string): () => number {
  const time = /^\d+$/.test(text) ? Number(text) : Date.parse(text)
  if (!Number.isFinite(time))
    throw new TypeError(`--now must be epoch ms or an ISO date, got ${text}`)
  return () => time
}

/**
 * Parses `perpkit-sandbox` arguments.
 *
 * @throws {TypeError} for an unknown option, a missing value or a bad number.
 */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string', short: 'p' },
      host: { type: 'string' },
      seed: { type: 'string' },
      now: { type: 'string' },
      'depth-levels': { type: 'string' },
      'rate-limit': { type: 'boolean' },
      'rate-limit-header-prefix': { type: 'string' },
      'api-key': { type: 'string' },
      secret: { type: 'string' },
      memo: { type: 'string' },
      'signature-window-ms': { type: 'string' },
      'get-body-rule': { type: 'string' },
      'no-quirks': { type: 'boolean' },
      contracts: { type: 'string' },
      'no-cors': { type: 'boolean' },
      'cors-origin': { type: 'string', multiple: true },
      quiet: { type: 'boolean', short: 'q' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help === true) return { help: true }
  const options: SandboxOptions = {}
  if (values.port !== undefined) options.port = integer('port', values.port)
  if (values.host !== undefined) options.host = values.host
  if (values.seed !== undefined) {
    options.seed = /^-?\d{1,15}$/.test(values.seed) ? Number(values.seed) : values.seed
  }
  if (values.now !== undefined) options.now = clock(values.now)
  if (values['depth-levels'] !== undefined) {
    options.depthLevels = integer('depth-levels', values['depth-levels'])
  }
  if (values['rate-limit'] === true) options.rateLimit = true
  const prefix = values['rate-limit-header-prefix']
  if (prefix !== undefined) options.rateLimitHeaderPrefix = prefix
  const { 'api-key': apiKey, secret, memo } = values
  if (apiKey !== undefined || secret !== undefined || memo !== undefined) {
    if (apiKey === undefined || secret === undefined || memo === undefined) {
      throw new TypeError('signed mode needs all of --api-key, --secret and --memo')
    }
    options.credentials = { apiKey, secret, memo }
  }
  const windowMs = values['signature-window-ms']
  if (windowMs !== undefined) options.signatureWindowMs = integer('signature-window-ms', windowMs)
  const rule = values['get-body-rule']
  if (rule !== undefined) {
    if (rule !== 'query' && rule !== 'empty') {
      throw new TypeError(`--get-body-rule must be query or empty, got ${rule}`)
    }
    options.getBodyRule = rule
  }
  if (values['no-quirks'] === true) options.quirks = false
  const { contracts } = values
  if (contracts !== undefined) {
    options.contracts =
      contracts === 'named' || contracts === 'live' ? contracts : integer('contracts', contracts)
  }
  const origins = values['cors-origin']
  if (values['no-cors'] === true && origins !== undefined) {
    throw new TypeError('--no-cors and --cors-origin exclude each other')
  }
  if (values['no-cors'] === true) options.cors = false
  if (origins !== undefined) options.cors = origins
  if (values.quiet === true) options.quiet = true
  return { help: false, options }
}
