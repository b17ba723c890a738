/**
 * Fault kinds and how they are written: in the `X-Sandbox-Fault` header
 * (`unavailable`, `latency=250`, `rate-limit=1`, comma-separated to chain)
 * and in the JSON of the control route.
 *
 * @module
 */
import { apiErrorCodes } from '@perpkit/schemas'
import { WireError } from '../wire/wire-error.ts'

/**
 * Every fault kind the sandbox can inject:
 *
 * - `'latency'`: wait `latencyMs` (default 1000), then answer normally.
 * - `'rate-limit'`: HTTP 429, code 30013, rate-limit headers; `Retry-After` when `retryAfterSeconds` is set.
 * - `'blocked'`: HTTP 418, code 30017 (blocked after repeated 429s), rate-limit headers.
 * - `'unavailable'`: HTTP 503 with code 30014 in a JSON body (service unavailable).
 * - `'unavailable-html'`: HTTP 503 with an HTML page (`content-type: text/html`), as a CDN sends.
 * - `'forbidden-html'`: HTTP 403 with an HTML page, as a CDN sends.
 * - `'maintenance'`: HTTP 200 with code 30016 and `data: null`.
 * - `'malformed-json'`: HTTP 200, `content-type: application/json`, a truncated body.
 * - `'reset'`: the connection is destroyed without a response.
 * - `'stall'`: status, headers and part of the body, then nothing until the sandbox closes.
 * - `'server-error'`: HTTP 500 with code 50000, an answer no live server was seen to send:
 *   only on a sandbox started with `inventedFaults: true`.
 *
 * @example
 * ```ts
 * const kind: FaultKind = 'unavailable-html'
 * ```
 */
export type FaultKind =
  | 'latency'
  | 'rate-limit'
  | 'blocked'
  | 'unavailable'
  | 'unavailable-html'
  | 'forbidden-html'
  | 'maintenance'
  | 'malformed-json'
  | 'reset'
  | 'stall'
  | 'server-error'

/** Header that injects faults into one request (lower case, as Node gives header names). */
export const FAULT_HEADER = 'x-sandbox-fault'

/**
 * Every {@link FaultKind}, in documentation order.
 *
 * @example
 * ```ts
 * faultKinds.includes('stall') // true
 * ```
 */
export const faultKinds: readonly FaultKind[] = [
  'latency',
  'rate-limit',
  'blocked',
  'unavailable',
  'unavailable-html',
  'forbidden-html',
  'maintenance',
  'malformed-json',
  'reset',
  'stall',
  'server-error',
]

/** Kinds whose answer no live server was seen to send: only with `inventedFaults`. */
const inventedKinds: ReadonlySet<FaultKind> = new Set(['server-error'])

/**
 * One fault to inject.
 *
 * @example
 * ```ts
 * const slow: Fault = { kind: 'latency', latencyMs: 250 }
 * const limited: Fault = { kind: 'rate-limit', retryAfterSeconds: 1 }
 * ```
 */
export interface Fault {
  /** What goes wrong. */
  kind: FaultKind
  /** Delay of a `'latency'` fault in ms. @default `1000` */
  latencyMs?: number
  /** For `'rate-limit'`: also send `Retry-After` with this many seconds. */
  retryAfterSeconds?: number
}

/** The delay of a latency fault without `latencyMs`. */
export const DEFAULT_LATENCY_MS = 1000
/** The longest accepted latency (10 minutes). */
const MAX_LATENCY_MS = 600_000

function isFaultKind(value: unknown): value is FaultKind {
  return (faultKinds as readonly unknown[]).includes(value)
}

function badFault(message: string): WireError {
  return new WireError(400, apiErrorCodes.PARAMETER_ERROR, message)
}

function checkNumber(name: string, value: unknown, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw badFault(`${name} must be an integer from 0 to ${max}`)
  }
  return value
}

/**
 * Checks a fault given as data (control route or `faults.add`).
 *
 * @param invented - Whether the sandbox accepts invented answers (`inventedFaults`).
 * @throws {WireError} 400 / 40007 for an unknown kind, an invented one without
 *   `inventedFaults`, or a bad number.
 */
export function checkFault(
  input: { kind?: unknown; latencyMs?: unknown; retryAfterSeconds?: unknown },
  invented: boolean,
): Fault {
  if (!isFaultKind(input.kind)) {
    throw badFault(
      `kind must be one of ${faultKinds.join(', ')}; got ${JSON.stringify(input.kind)}`,
    )
  }
  if (inventedKinds.has(input.kind) && !invented) {
    throw badFault(
      `kind ${input.kind} is an answer no live server was seen to send: start the sandbox with inventedFaults: true (--invented-faults) to use it`,
    )
  }
  const fault: Fault = { kind: input.kind }
  if (input.latencyMs !== undefined)
    fault.latencyMs = checkNumber('latencyMs', input.latencyMs, MAX_LATENCY_MS)
  if (input.retryAfterSeconds !== undefined) {
    fault.retryAfterSeconds = checkNumber('retryAfterSeconds', input.retryAfterSeconds, 3600)
  }
  return fault
}

/**
 * Reads an `X-Sandbox-Fault` header: faults separated by commas, each `kind`
 * or `kind=value` (`latency=250` sets `latencyMs`, `rate-limit=1` sets
 * `retryAfterSeconds`).
 *
 * @param invented - Whether the sandbox accepts invented answers (`inventedFaults`).
 * @throws {WireError} 400 / 40007 for an unreadable header.
 */
export function parseFaultHeader(header: string, invented: boolean): Fault[] {
  return header
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const [kind = '', value] = part.split('=', 2).map((piece) => piece.trim())
      if (value === undefined) return checkFault({ kind }, invented)
      if (!/^\d{1,7}$/.test(value))
        throw badFault(`X-Sandbox-Fault: bad value in ${JSON.stringify(part)}`)
      if (kind === 'latency') return checkFault({ kind, latencyMs: Number(value) }, invented)
      if (kind === 'rate-limit') {
        return checkFault({ kind, retryAfterSeconds: Number(value) }, invented)
      }
      throw badFault(`X-Sandbox-Fault: ${JSON.stringify(kind)} takes no value`)
    })
}
