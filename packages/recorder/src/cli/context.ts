/**
 * What a command runs with: its output, a clock, a stop signal, client options.
 *
 * @module
 */
import type { ClientOptions } from '@perpkit/client'
import type { Output } from '../progress.ts'

/** The environment of one command run. */
export interface CommandContext {
  stdout: Output
  stderr: Output
  /** Epoch ms. */
  now: () => number
  /** Aborted on SIGINT / SIGTERM: the batch in flight finishes, then the command exits. */
  signal: AbortSignal
  /** Extra options of the API client (a clock in tests). */
  clientOptions: ClientOptions
  /** Waits between rounds of `record` and before a backfill window's retry; resolves early when `signal` aborts. */
  sleep: ((ms: number, signal: AbortSignal) => Promise<void>) | undefined
}
