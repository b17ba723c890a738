/**
 * Command-line arguments of `perpkit-sandbox`, to sandbox options.
 *
 * @module
 */
import { parseArgs } from 'node:util'
import { SECONDS_THRESHOLD } from '@perpkit/schemas'
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
      --no-rate-limit               no per-IP budgets and no rate-limit headers (default: live budgets,
                                    429 then 418)
      --rate-limit-header-prefix <p>  prefix of the rate-limit headers, e.g. X-BM (default X:
                                    X-RateLimit-Limit, -Remaining, -Reset, -Mode)
      --rate-limit-header <role=name>  full name of one rate-limit header (limit, remaining, reset,
                                    mode), e.g. remaining=X-Used (repeatable)
      --api-key <key> --secret <secret> --memo <memo>
                                    signed mode: the key that signed endpoints and the signed
                                    route (/__sandbox/signed) accept
      --frozen-api-key <key>        the key is frozen: signed requests with it answer 30003
      --endpoint-auth <table|signed>  table: endpoints authenticate as the endpoint table says
                                    (public ones stay public, default); signed: every one signed
      --api-key-header <name>       signing header names (default X-API-KEY, X-API-SIGN,
      --signature-header <name>     X-API-TIMESTAMP), e.g. X-BM-KEY, X-BM-SIGN, X-BM-TIMESTAMP
      --timestamp-header <name>
      --signature-window-ms <n>     accepted timestamp distance in signed mode (default 30000)
      --get-body-rule <query|empty> what GET requests sign (default query)
      --no-quirks                   clean mode: no live quirks (default: quirks on)
      --contracts <named|live|n>    the catalog: the named contracts, about 1,200 (live) or n in all
      --dated-futures               list dated futures too (live lists none)
      --invented-faults             accept the server-error fault (HTTP 500, code 50000), an answer
                                    no live server was seen to send
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
  const digits = /^\d+$/.test(text)
  const time = digits ? Number(text) : Date.parse(text)
  if (!Number.isFinite(time))
    throw new TypeError(`--now must be epoch ms or an ISO date, got ${text}`)
  if (digits && time < SECONDS_THRESHOLD) {
    // `date +%s` gives seconds: a clock in January 1970 lists no contract (every symbol 40034).
    throw new TypeError(
      `--now ${text} reads as epoch seconds: give epoch milliseconds (${text}000) or an ISO date`,
    )
  }
  return () => time
}

/** `role=name` pairs of `--rate-limit-header`, by role. */
function roleNames(pairs: readonly string[]): Record<string, string> {
  const names: Record<string, string> = {}
  for (const pair of pairs) {
    const [role = '', name] = pair.split('=', 2)
    if (name === undefined || name === '') {
      throw new TypeError(`--rate-limit-header takes role=name (e.g. limit=X-Limit), got ${pair}`)
    }
    names[role] = name
  }
  return names
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
      'no-rate-limit': { type: 'boolean' },
      'rate-limit-header-prefix': { type: 'string' },
      'rate-limit-header': { type: 'string', multiple: true },
      'api-key': { type: 'string' },
      secret: { type: 'string' },
      memo: { type: 'string' },
      'frozen-api-key': { type: 'string', multiple: true },
      'endpoint-auth': { type: 'string' },
      'api-key-header': { type: 'string' },
      'signature-header': { type: 'string' },
      'timestamp-header': { type: 'string' },
      'dated-futures': { type: 'boolean' },
      'invented-faults': { type: 'boolean' },
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
  if (values['no-rate-limit'] === true) options.rateLimit = false
  const prefix = values['rate-limit-header-prefix']
  if (prefix !== undefined) options.rateLimitHeaderPrefix = prefix
  const limitHeaders = values['rate-limit-header']
  if (limitHeaders !== undefined) options.rateLimitHeaderNames = roleNames(limitHeaders)
  const { 'api-key': apiKey, secret, memo } = values
  if (apiKey !== undefined || secret !== undefined || memo !== undefined) {
    if (apiKey === undefined || secret === undefined || memo === undefined) {
      throw new TypeError('signed mode needs all of --api-key, --secret and --memo')
    }
    options.credentials = { apiKey, secret, memo }
  }
  const frozen = values['frozen-api-key']
  if (frozen !== undefined) options.frozenApiKeys = frozen
  const auth = values['endpoint-auth']
  if (auth !== undefined) {
    if (auth !== 'table' && auth !== 'signed') {
      throw new TypeError(`--endpoint-auth must be table or signed, got ${auth}`)
    }
    options.endpointAuth = auth === 'signed' ? 'SIGNED' : 'table'
  }
  const headerNames = {
    ...(values['api-key-header'] === undefined ? {} : { apiKey: values['api-key-header'] }),
    ...(values['signature-header'] === undefined ? {} : { signature: values['signature-header'] }),
    ...(values['timestamp-header'] === undefined ? {} : { timestamp: values['timestamp-header'] }),
  }
  if (Object.keys(headerNames).length > 0) options.headerNames = headerNames
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
  if (values['dated-futures'] === true) options.datedFutures = true
  if (values['invented-faults'] === true) options.inventedFaults = true
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
