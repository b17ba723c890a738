/**
 * How a command stopped by a signal says so: `backfill` and `record` end
 * with an `interrupted` event and the shell's exit code for the signal
 * (128 + its number: 130 for SIGINT, 143 for SIGTERM), so a script can tell
 * a stopped run from a finished one.
 *
 * @module
 */
import { constants } from 'node:os'

/** The signals that stop a command. */
export type StopSignal = 'SIGINT' | 'SIGTERM'

/**
 * The signal a stop came from: the abort reason the executable gives
 * (`'SIGINT'`, `'SIGTERM'`), else SIGINT (an in-process abort, as Ctrl-C).
 *
 * @param signal - The command's stop signal, aborted.
 * @returns The signal's name.
 */
export function stopSignalOf(signal: AbortSignal): StopSignal {
  return signal.reason === 'SIGTERM' ? 'SIGTERM' : 'SIGINT'
}

/**
 * The exit code of a run stopped by `signal`.
 *
 * @param signal - The signal's name.
 * @returns 128 + its number.
 */
export function interruptedExitCode(signal: StopSignal): number {
  return 128 + constants.signals[signal]
}
