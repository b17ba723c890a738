/**
 * `onDrift`: telling the user once when responses and models part ways.
 *
 * @module
 */
import type { Drift, EndpointPath } from '@perpkit/schemas'
import { OptionError } from './errors/option.ts'
import { guarded } from './user-code.ts'

/**
 * What `onDrift` receives: the {@link Drift} of one response, with where it came from.
 *
 * @example
 * ```ts
 * const report: DriftReport = {
 *   endpoint: 'GET /contract/public/details',
 *   path: '/contract/public/details',
 *   trace: 'b6c2...',
 *   unknown: { 'data.symbols[].risk_note': 1200 },
 *   missing: {},
 * }
 * ```
 */
export interface DriftReport extends Drift {
  /** Method and path, e.g. `GET /contract/public/details`. */
  endpoint: string
  /** The endpoint path. */
  path: EndpointPath
  /** The trace id of the response that showed the drift. */
  trace: string | null
}

/** Calls `onDrift` for a drift unless this client already reported the same keys. */
export type DriftReporter = (
  path: EndpointPath,
  endpoint: string,
  drift: Drift,
  trace: string | null,
) => void

/**
 * A reporter that calls `onDrift` once per endpoint and set of keys: the same
 * keys again (with other counts) stay quiet, a new key is reported. What
 * `onDrift` throws rejects the call as an `OptionError` naming `onDrift`, with
 * the thrown error as its `cause`.
 *
 * @param onDrift - The user's callback.
 * @returns The reporter.
 * @example
 * ```ts
 * const report = driftReporter((r) => console.warn(r.endpoint, Object.keys(r.unknown)))
 * ```
 */
export function driftReporter(onDrift: (report: DriftReport) => void): DriftReporter {
  const seen = new Set<string>()
  const report = guarded('onDrift', onDrift)
  return (path, endpoint, drift, trace) => {
    const key = [
      path,
      ...Object.keys(drift.unknown).sort(),
      '|',
      ...Object.keys(drift.missing).sort(),
    ].join('\n')
    if (seen.has(key)) return
    seen.add(key)
    try {
      report({ endpoint, path, trace, unknown: drift.unknown, missing: drift.missing })
    } catch (error) {
      throw error instanceof OptionError ? error.forEndpoint(endpoint) : error
    }
  }
}
