/**
 * The functions a user gives the client (hooks, `now`, `onDrift`), wrapped
 * so that what they throw, or a clock that returns no time, becomes an
 * {@link OptionError} naming the option: never a retried "network" failure.
 * A wrapped function lets an abort through as it is (the caller's signal or
 * the attempt's timeout explains it), and a platform's network failure too (a
 * hook that reads a body the network cut off).
 *
 * @module
 */
import type { Hooks } from 'ky'
import { OptionError, thrownBy, unusableResult } from './errors/option.ts'
import { isAbortLike, isNetworkFailure } from './network-failure.ts'
import { describeReceived } from './option-checks.ts'

/** The hooks the client takes. */
export type ClientHooks = Pick<Hooks, 'beforeRequest' | 'afterResponse'>

/**
 * Wraps one user function: a throw becomes an {@link OptionError} naming `option`.
 *
 * @param option - `hooks.beforeRequest[0]`, `onDrift`, ...
 * @param fn - The user's function (sync or async).
 * @returns The guarded function.
 */
export function guarded<A extends unknown[], R>(
  option: string,
  fn: (...args: A) => R,
): (...args: A) => R {
  return (...args) => {
    let result: R
    try {
      result = fn(...args)
    } catch (error) {
      throw failureOf(option, error)
    }
    if (result instanceof Promise) {
      return result.catch((error: unknown) => {
        throw failureOf(option, error)
      }) as R
    }
    return result
  }
}

/**
 * What a guarded function's throw becomes: an abort or a platform's network
 * failure passing through it (a hook reading a body that was cut off) stays
 * what it is; anything else is the function's own failure.
 */
function failureOf(option: string, error: unknown): unknown {
  return isAbortLike(error) || isNetworkFailure(error) || error instanceof OptionError
    ? error
    : thrownBy(option, error)
}

/**
 * Wraps every hook, each named by its list and place (`hooks.afterResponse[1]`).
 *
 * @param hooks - The `hooks` option.
 * @returns The hooks to hand to ky.
 */
export function guardHooks(hooks: ClientHooks): ClientHooks {
  const guardedHooks: ClientHooks = {}
  for (const list of ['beforeRequest', 'afterResponse'] as const) {
    const given = hooks[list] as ((...args: unknown[]) => unknown)[] | undefined
    if (given === undefined) continue
    ;(guardedHooks as Record<string, unknown>)[list] = given.map((hook, i) =>
      guarded(`hooks.${list}[${i}]`, hook),
    )
  }
  return guardedHooks
}

/**
 * Wraps the `now` option: a throw, or anything but a finite, non-negative
 * number of epoch milliseconds, is an {@link OptionError} naming `now`.
 *
 * @param now - The user's clock.
 * @returns The guarded clock.
 */
export function guardClock(now: () => number): () => number {
  const read = guarded('now', now)
  return () => {
    const value: unknown = read()
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw unusableResult(
        'now',
        `now returned ${describeReceived(value)}, not epoch milliseconds (a finite, non-negative number)`,
      )
    }
    return value
  }
}
