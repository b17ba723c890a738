/**
 * What the state modules share about requests that fail or wait: the text
 * a failure shows, whether it was a cancellation, an abortable pause.
 *
 * @module
 */
import { describeError } from '../../../src/errors.ts'

/** A failure as the page shows it: the typed error's name and one readable line. */
export function errorText(error: unknown): string {
  const name = error instanceof Error ? error.name : 'Error'
  return `${name}: ${describeError(error)}`
}

/** Waits `ms`, or less when `signal` aborts first. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}

/** Whether a failure is a cancelled request (a switch of symbol or step): not worth showing. */
export function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}
