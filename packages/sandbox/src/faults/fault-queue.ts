/**
 * Queued faults: the next `count` requests to a path (or to any endpoint,
 * `'*'`) get a fault. Path-specific faults go first, oldest first.
 *
 * @module
 */
import { apiErrorCodes, endpointPaths } from '@perpkit/schemas'
import { WireError } from '../wire/wire-error.ts'
import { checkFault, type Fault } from './fault.ts'

/**
 * A queued fault and how many more requests it applies to.
 *
 * @example
 * ```ts
 * const entry: PendingFault = { path: '*', fault: { kind: 'reset' }, remaining: 1 }
 * ```
 */
export interface PendingFault {
  /** An endpoint path of the table, or `'*'` for every endpoint. */
  path: string
  /** The fault to inject. */
  fault: Fault
  /** Requests it still applies to. */
  remaining: number
}

/**
 * The faults waiting for the next requests of a sandbox (`sandbox.faults`).
 *
 * @example
 * ```ts
 * sandbox.faults.add('/contract/public/depth', { kind: 'unavailable' }, 2)
 * sandbox.faults.add('*', { kind: 'latency', latencyMs: 200 })
 * sandbox.faults.clear()
 * ```
 */
export interface FaultQueue {
  /**
   * Queues a fault for the next `count` requests to `path`.
   *
   * @param path - An endpoint path of the table, or `'*'` for any endpoint.
   * @param fault - What goes wrong.
   * @param count - How many requests it applies to. @default `1`
   * @throws {Error} for an unknown path, an unknown kind (or `'server-error'` without
   *   `inventedFaults`) or a bad count.
   */
  add(path: string, fault: Fault, count?: number): void
  /** Drops every queued fault. */
  clear(): void
  /** The queued faults, oldest first (copies). */
  pending(): PendingFault[]
}

/** The in-memory {@link FaultQueue} of one sandbox. */
export class MemoryFaultQueue implements FaultQueue {
  private entries: PendingFault[] = []

  /** @param invented - Whether invented answers are accepted (`inventedFaults`). */
  constructor(readonly invented: boolean) {}

  add(path: string, fault: Fault, count = 1): void {
    if (path !== '*' && !(endpointPaths as readonly string[]).includes(path)) {
      throw new WireError(
        400,
        apiErrorCodes.PARAMETER_ERROR,
        `path must be an endpoint path of the table or '*', got ${JSON.stringify(path)}`,
      )
    }
    if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
      throw new WireError(400, apiErrorCodes.PARAMETER_ERROR, 'count must be a positive integer')
    }
    this.entries.push({ path, fault: checkFault(fault, this.invented), remaining: count })
  }

  clear(): void {
    this.entries = []
  }

  pending(): PendingFault[] {
    return this.entries.map((entry) => ({ ...entry, fault: { ...entry.fault } }))
  }

  /** Takes the next fault for a request to `path`, if any, using up one of its count. */
  take(path: string): Fault | undefined {
    const entry =
      this.entries.find((e) => e.path === path) ?? this.entries.find((e) => e.path === '*')
    if (entry === undefined) return undefined
    entry.remaining -= 1
    if (entry.remaining === 0) this.entries = this.entries.filter((e) => e !== entry)
    return entry.fault
  }
}
