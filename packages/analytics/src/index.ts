/**
 * Exact margin, liquidation, order-book and funding math over perpkit models.
 *
 * Pure functions, no I/O. Inputs are decimal strings or numbers; outputs are
 * exact decimal strings in plain notation (divisions carried to 18 decimal
 * places). Bad input throws an {@link AnalyticsInputError} naming the parameter.
 *
 * @module
 */

export type {
  AggregateDepthParameters,
  AggregateDepthReturnType,
} from './aggregate-depth.ts'
export { aggregateDepth } from './aggregate-depth.ts'
export type {
  AnnualizeFundingRateParameters,
  AnnualizeFundingRateReturnType,
} from './annualize-funding-rate.ts'
export { annualizeFundingRate } from './annualize-funding-rate.ts'
export type {
  BookMetricsOptions,
  BookMetricsParameters,
  BookMetricsReturnType,
} from './book-metrics.ts'
export { bookMetrics } from './book-metrics.ts'
export type {
  BracketTableProblem,
  CheckBracketTableParameters,
  CheckBracketTableReturnType,
} from './check-bracket-table.ts'
export { checkBracketTable } from './check-bracket-table.ts'
export type { ComputeCumParameters, ComputeCumReturnType } from './compute-cum.ts'
export { computeCum } from './compute-cum.ts'
export type {
  DepthWithinParameters,
  DepthWithinResult,
  DepthWithinReturnType,
} from './depth-within.ts'
export { depthWithin } from './depth-within.ts'
export { AnalyticsInputError } from './errors.ts'
export type { FindBracketParameters, FindBracketReturnType } from './find-bracket.ts'
export { findBracket } from './find-bracket.ts'
export type { InitialMarginParameters, InitialMarginReturnType } from './initial-margin.ts'
export { initialMargin } from './initial-margin.ts'
export type {
  IsolatedMarginForLeverageParameters,
  IsolatedMarginForLeverageReturnType,
} from './isolated-margin-for-leverage.ts'
export { isolatedMarginForLeverage } from './isolated-margin-for-leverage.ts'
export type {
  LiquidationPoint,
  LiquidationPriceParameters,
  LiquidationPriceReturnType,
} from './liquidation-price.ts'
export { liquidationPrice } from './liquidation-price.ts'
export type {
  MaintenanceMarginParameters,
  MaintenanceMarginReturnType,
} from './maintenance-margin.ts'
export { maintenanceMargin } from './maintenance-margin.ts'
export type { MaxLeverageParameters, MaxLeverageReturnType } from './max-leverage.ts'
export { maxLeverage } from './max-leverage.ts'
export type {
  MaxNotionalForLeverageParameters,
  MaxNotionalForLeverageReturnType,
} from './max-notional-for-leverage.ts'
export { maxNotionalForLeverage } from './max-notional-for-leverage.ts'
export type { NextFundingTimeParameters, NextFundingTimeReturnType } from './next-funding-time.ts'
export { nextFundingTime } from './next-funding-time.ts'
export type { SlippageParameters, SlippageReturnType } from './slippage.ts'
export { slippage } from './slippage.ts'
export type {
  TimeToNextFundingParameters,
  TimeToNextFundingReturnType,
} from './time-to-next-funding.ts'
export { timeToNextFunding } from './time-to-next-funding.ts'
export type {
  BookInput,
  BookLevel,
  BookSide,
  BracketInput,
  DepthLevelInput,
  Numeric,
  OrderSide,
  PositionSide,
} from './types.ts'
export type {
  WalkBookNotionalOrder,
  WalkBookParameters,
  WalkBookQtyOrder,
  WalkBookReturnType,
} from './walk-book.ts'
export { walkBook } from './walk-book.ts'
