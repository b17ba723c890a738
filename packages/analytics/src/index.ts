/**
 * Exact margin, liquidation, order-book and funding math over perpkit models,
 * and the decimal helpers they rest on (round to a tick or step, contracts to
 * base and quote, exact arithmetic on decimal strings).
 *
 * Pure functions, no I/O, one object parameter each. Inputs are decimal strings or numbers; outputs are
 * exact decimal strings in plain notation (divisions carried to 18 decimal
 * places). Bad input throws an {@link AnalyticsInputError} naming the parameter.
 *
 * @module
 */

export type { AddDecimalsParameters, AddDecimalsReturnType } from './add-decimals.ts'
export { addDecimals } from './add-decimals.ts'
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
export type { BaseToContractsParameters, BaseToContractsReturnType } from './base-to-contracts.ts'
export { baseToContracts } from './base-to-contracts.ts'
export type {
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
export type { CompareDecimalsParameters, CompareDecimalsReturnType } from './compare-decimals.ts'
export { compareDecimals } from './compare-decimals.ts'
export type { ComputeCumParameters, ComputeCumReturnType } from './compute-cum.ts'
export { computeCum } from './compute-cum.ts'
export type { ContractsToBaseParameters, ContractsToBaseReturnType } from './contracts-to-base.ts'
export { contractsToBase } from './contracts-to-base.ts'
export type {
  ContractsToQuoteParameters,
  ContractsToQuoteReturnType,
} from './contracts-to-quote.ts'
export { contractsToQuote } from './contracts-to-quote.ts'
export type { DecimalsOfParameters, DecimalsOfReturnType } from './decimals-of.ts'
export { decimalsOf } from './decimals-of.ts'
export type {
  DepthWithinParameters,
  DepthWithinResult,
  DepthWithinReturnType,
} from './depth-within.ts'
export { depthWithin } from './depth-within.ts'
export type { DivideDecimalsParameters, DivideDecimalsReturnType } from './divide-decimals.ts'
export { divideDecimals } from './divide-decimals.ts'
export { AnalyticsInputError } from './errors.ts'
export type { FindBracketParameters, FindBracketReturnType } from './find-bracket.ts'
export { findBracket } from './find-bracket.ts'
export type { FormatStepCountParameters, FormatStepCountReturnType } from './format-step-count.ts'
export { formatStepCount } from './format-step-count.ts'
export type { FormatToTickParameters, FormatToTickReturnType } from './format-to-tick.ts'
export { formatToTick } from './format-to-tick.ts'
export type { InitialMarginParameters, InitialMarginReturnType } from './initial-margin.ts'
export { initialMargin } from './initial-margin.ts'
export type { IsDecimalParameters, IsDecimalReturnType } from './is-decimal.ts'
export { isDecimal } from './is-decimal.ts'
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
export type { MultiplyDecimalsParameters, MultiplyDecimalsReturnType } from './multiply-decimals.ts'
export { multiplyDecimals } from './multiply-decimals.ts'
export type { NextFundingTimeParameters, NextFundingTimeReturnType } from './next-funding-time.ts'
export { nextFundingTime } from './next-funding-time.ts'
export type {
  QuoteToContractsParameters,
  QuoteToContractsReturnType,
} from './quote-to-contracts.ts'
export { quoteToContracts } from './quote-to-contracts.ts'
export type { RoundToStepParameters, RoundToStepReturnType } from './round-to-step.ts'
export { roundToStep } from './round-to-step.ts'
export type { SlippageParameters, SlippageReturnType } from './slippage.ts'
export { slippage } from './slippage.ts'
export type { SubtractDecimalsParameters, SubtractDecimalsReturnType } from './subtract-decimals.ts'
export { subtractDecimals } from './subtract-decimals.ts'
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
  RoundingMode,
} from './types.ts'
export type {
  WalkBookNotionalOrder,
  WalkBookParameters,
  WalkBookQtyOrder,
  WalkBookReturnType,
} from './walk-book.ts'
export { walkBook } from './walk-book.ts'
