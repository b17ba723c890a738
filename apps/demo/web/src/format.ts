/**
 * The page's own formatting, on top of the demo's shared formatters
 * (`src/format.ts`, which the terminal uses too): formatters bound to a
 * contract as the API describes it, a settlement countdown, and chart
 * labels. Charts place points with numbers, but their labels come back
 * through the exact decimal formatters.
 *
 * @module
 */
import { decimalsOf } from '@perpkit/analytics'
import type { Contract } from '@perpkit/schemas'
import { type ContractFormatters, createContractFormatters } from '../../src/format.ts'

/**
 * Formatters for a contract as the API describes it: prices to its tick
 * (`pricePrecision`), quantities to its step (`volumePrecision`).
 *
 * @param contract - Tick, step and contract size.
 * @returns The formatters of {@link createContractFormatters}.
 */
export function contractFormatters(
  contract: Pick<Contract, 'pricePrecision' | 'volumePrecision' | 'contractSize'>,
): ContractFormatters {
  return createContractFormatters({
    tickSize: contract.pricePrecision,
    stepSize: contract.volumePrecision,
    contractSize: contract.contractSize,
  })
}

/**
 * A countdown as `h:mm:ss` (or `Nd h:mm:ss`), never negative.
 *
 * @param ms - Milliseconds left.
 * @returns e.g. `'5:18:02'`.
 */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const days = Math.floor(total / 86_400)
  const hours = Math.floor((total % 86_400) / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  const clock = `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`
  return days > 0 ? `${days}d ${clock}` : clock
}

/**
 * Decimals of a tick, for chart axes (`'0.001'` → 3, `'5'` → 0).
 *
 * @param tick - A decimal string.
 * @returns The number of decimals.
 */
export function tickDecimals(tick: string): number {
  return decimalsOf({ value: tick })
}

/**
 * A chart's price label: the number a chart hands back, rounded to the tick
 * as a decimal string (a chart works in floats; its labels do not). The
 * number's shortest round-trip text is rounded once, never twice.
 *
 * @param value - The chart's number.
 * @param format - The contract's price formatter.
 * @returns e.g. `'91,547.1'`; `''` for a number that is not finite.
 */
export function chartPriceLabel(value: number, format: (value: string) => string): string {
  return Number.isFinite(value) ? format(String(value)) : ''
}
