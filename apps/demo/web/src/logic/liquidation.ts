/**
 * The liquidation calculator: a position's side, size, entry price, and its
 * leverage or margin give the liquidation price, the bracket that holds the
 * notional there and the maintenance margin (`liquidationPrice`).
 *
 * @module
 */
import { AnalyticsInputError, type LiquidationPoint, liquidationPrice } from '@perpkit/analytics'
import type { Contract, LeverageBracket } from '@perpkit/schemas'

/** What the form holds, as typed. */
export interface LiquidationInput {
  side: 'long' | 'short'
  /** Contracts. */
  qty: string
  entryPrice: string
  /** Whether `amount` is a leverage or an isolated margin. */
  basis: 'leverage' | 'margin'
  amount: string
}

/** The calculator's answer: a point, none (no liquidation), or why the input is wrong. */
export type LiquidationOutcome =
  | { kind: 'point'; point: LiquidationPoint<LeverageBracket> }
  | { kind: 'none' }
  | { kind: 'invalid'; message: string }

/**
 * Computes the liquidation point of the form's position.
 *
 * @param input - The form.
 * @param brackets - The contract's leverage brackets.
 * @param contract - Its contract size.
 * @returns The outcome; bad input is an `invalid` outcome naming the field.
 */
export function computeLiquidation(
  input: LiquidationInput,
  brackets: readonly LeverageBracket[],
  contract: Pick<Contract, 'contractSize'>,
): LiquidationOutcome {
  const position = {
    side: input.side,
    qty: input.qty.trim(),
    entryPrice: input.entryPrice.trim(),
    brackets,
    contractSize: contract.contractSize,
  }
  try {
    const point =
      input.basis === 'leverage'
        ? liquidationPrice({ ...position, leverage: input.amount.trim() })
        : liquidationPrice({ ...position, margin: input.amount.trim() })
    return point === null ? { kind: 'none' } : { kind: 'point', point }
  } catch (error) {
    if (error instanceof AnalyticsInputError) return { kind: 'invalid', message: error.message }
    throw error
  }
}
