/**
 * How a backfill that did not finish says so: stopped by a signal
 * (`interrupted`, exit 130 / 143), or with windows still missing after their
 * retries (`incomplete`, exit 1, one line on stderr naming them).
 *
 * @module
 */
import type { CommandContext } from '../cli/context.ts'
import { interruptedExitCode, stopSignalOf } from '../cli/stop-signal.ts'
import { RecorderError } from '../errors.ts'
import type { Progress } from '../progress.ts'
import { describeFailure } from '../transient-failure.ts'
import { describeMissing, type MissingReport, type WindowKey } from './missing-windows-report.ts'

/** What a run stored, of how many windows planned. */
export interface BackfillTotals {
  windows: number
  candles: number
  total: number
}

/**
 * Reports a run stopped by its signal.
 *
 * @param ctx - Output and the aborted signal.
 * @param totals - What it stored.
 * @returns The exit code: 130 (SIGINT) or 143 (SIGTERM).
 */
export function reportInterrupted(ctx: CommandContext, totals: BackfillTotals): number {
  const signal = stopSignalOf(ctx.signal)
  ctx.stdout.write(
    ctx.stdout.isTTY
      ? `backfill interrupted (${signal}): ${totals.windows} of ${totals.total} windows, ${totals.candles} candles stored; run the same command again to resume\n`
      : `${JSON.stringify({ event: 'interrupted', signal, ...totals })}\n`,
  )
  return interruptedExitCode(signal)
}

/**
 * Reports a run that ended with windows missing, then fails it.
 *
 * @param ctx - Output.
 * @param totals - What it stored.
 * @param missing - What it could not.
 * @throws {@link RecorderError} (exit code 1) with the one-line summary.
 */
export function reportIncomplete(
  ctx: CommandContext,
  totals: BackfillTotals,
  missing: MissingReport,
): never {
  if (!ctx.stdout.isTTY)
    ctx.stdout.write(
      `${JSON.stringify({ event: 'incomplete', ...totals, missing: missing.count, series: missing.series() })}\n`,
    )
  throw new RecorderError(describeMissing(missing, totals.total), 1)
}

/**
 * Reports a window's failed attempt, before its wait.
 *
 * @param progress - The run's progress.
 * @param window - The window.
 * @param retry - Attempts so far, the wait, the failure.
 */
export function reportRetry(
  progress: Progress,
  window: WindowKey,
  retry: { attempt: number; waitMs: number; error: unknown },
): void {
  const error = describeFailure(retry.error)
  progress.event(
    { event: 'retry', ...window, attempt: retry.attempt, waitMs: retry.waitMs, error },
    `retrying ${window.dataset} ${window.symbol} step ${window.step} in ${Math.round(retry.waitMs / 1000)} s (attempt ${retry.attempt}: ${error})`,
  )
}

/**
 * Reports a window given up, and adds it to the missing ones.
 *
 * @param progress - The run's progress.
 * @param missing - The run's missing windows.
 * @param window - The window.
 * @param outcome - Its attempts and last failure.
 */
export function reportGivenUp(
  progress: Progress,
  missing: MissingReport,
  window: WindowKey,
  outcome: { attempts: number; error: unknown },
): void {
  const error = describeFailure(outcome.error)
  missing.add(window, error)
  progress.event(
    { event: 'failed', ...window, attempts: outcome.attempts, error },
    `gave up ${window.dataset} ${window.symbol} step ${window.step} after ${outcome.attempts} attempts: ${error}`,
  )
}
