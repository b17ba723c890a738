/**
 * The functions a user gives the client (hooks, `now`, `onDrift`), wrapped
 * so that what they throw, or a clock that returns no time, becomes an
 * {@link OptionError} naming the option: never a retried "network" failure.
 * A platform's network failure passing through one (a hook that reads a body
 * the network cut off) stays what it is. An abort-looking throw is the
 * function's own too: when the caller's signal or the attempt's timeout
 * explains it, the request path (`http.ts`) checks those first and reports an
 * `AbortError` or a `TimeoutError` whatever the function threw.
 *
 * @module
 */

import { SECONDS_THRESHOLD } from '@perpkit/schemas/lite'
import type { Hooks } from 'ky'
import { OptionError, thrownBy, unusableResult } from './errors/option.ts'
import { isNetworkFailure } from './network-failure.ts'
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
 * What a function option's throw becomes: a platform's network failure passing
 * through it (a hook reading a body that was cut off) stays what it is, and so
 * does an {@link OptionError} (a guarded function inside another); anything
 * else, a value whose properties throw when read included, is the option's
 * own failure.
 *
 * @param option - The option that threw.
 * @param error - What it threw.
 * @returns The error to throw.
 */
export function failureOf(option: string, error: unknown): unknown {
  try {
    if (error instanceof OptionError || isNetworkFailure(error)) return error
  } catch {
    // A value that cannot even be inspected (a throwing getter, a hostile Proxy): the option's.
  }
  return thrownBy(option, error)
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
 * Wraps the `now` option: a throw, or anything but a finite number of epoch
 * milliseconds (a time that reads as epoch seconds, before 1973 in
 * milliseconds, included), is an {@link OptionError} naming `now`.
 *
 * @param now - The user's clock.
 * @returns The guarded clock.
 */
export function guardClock(now: () => number): () => number {
  return () => {
    let value: unknown
    try {
      value = now()
    } catch (error) {
      // Whatever it threw (a clock is no transport: even a network error is its own failure).
      throw thrownBy('now', error)
    }
    // Below 10^11 reads as epoch seconds: signed requests would fail as a clock 56 years
    // off, and candle ranges would end in 1970.
    if (typeof value !== 'number' || !(value >= SECONDS_THRESHOLD && value < Infinity)) {
      throw unusableResult(
        'now',
        `now returned ${describeReceived(value)}, not epoch milliseconds (as Date.now() returns)`,
      )
    }
    return value
  }
}
