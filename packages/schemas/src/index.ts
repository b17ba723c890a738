export type { DataResult, DecodeResult, PayloadIssue } from './decode.ts'
export { decodeData, describeIssues, describeValue, encodeParams, formatPath } from './decode.ts'
export { seldomSent } from './decoder-marks.ts'
export type { DataSuccess } from './decoders.ts'
export { driftOf, readEnvelope, tryDecodeData, tryEncodeParams } from './decoders.ts'
export type { Drift } from './drift.ts'
export type { EndpointDefinition, EndpointSchemas } from './endpoint.ts'
export { defineEndpoint } from './endpoint.ts'
export type { DepthLevelWire } from './endpoints/depth.ts'
export { depthEndpoint, depthWire } from './endpoints/depth.ts'
export type { ContractWire } from './endpoints/details.ts'
export {
  contractsWire,
  contractWire,
  detailsEndpoint,
  toContract,
  tradfiInfoWire,
} from './endpoints/details.ts'
export type { FundingRateWire } from './endpoints/funding-rate.ts'
export { fundingRateEndpoint, fundingRateWire, toFundingRate } from './endpoints/funding-rate.ts'
export {
  fundingRateHistoryEndpoint,
  fundingRateHistoryWire,
} from './endpoints/funding-rate-history.ts'
export {
  fundingRatesEndpoint,
  fundingRateV2RowWire,
  toFundingRateV2Row,
} from './endpoints/funding-rate-v2.ts'
export type {
  EndpointModel,
  EndpointParams,
  EndpointQuery,
  Endpoints,
  EndpointWire,
} from './endpoints/index.ts'
export { endpoints } from './endpoints/index.ts'
export type { KlineWire } from './endpoints/kline.ts'
export {
  klineEndpoint,
  klineParams,
  klineQuery,
  klineRecordWire,
  klinesWire,
  markPriceKlineEndpoint,
  toKline,
} from './endpoints/kline.ts'
export { leverageBracketEndpoint, leverageBracketsWire } from './endpoints/leverage-bracket.ts'
export { openInterestEndpoint, openInterestWire } from './endpoints/open-interest.ts'
export type { TradeWire } from './endpoints/trades.ts'
export { toTrade, tradesEndpoint, tradeWire } from './endpoints/trades.ts'
export type { Envelope } from './envelope.ts'
export { envelope, envelopeWire } from './envelope.ts'
export {
  epoch,
  epochNumberOrString,
  epochToMs,
  optionalEpoch,
  optionalEpochToMs,
} from './epochs.ts'
// The zod-free part, also published alone as `@perpkit/schemas/lite`.
export * from './lite.ts'
export type {
  Contract,
  ContractStatus,
  DecimalString,
  Depth,
  DepthLevel,
  EpochMs,
  FundingRate,
  FundingRateRecord,
  Kline,
  LeverageBracket,
  LeverageRule,
  OpenInterest,
  ProductType,
  Trade,
  TradfiInfo,
} from './models.ts'
export {
  integerQuery,
  limitParam,
  limitQuery,
  stepParam,
  stepQuery,
  symbolParam,
  symbolQuery,
  timeParam,
} from './params.ts'
export {
  DECIMAL_EXPECTED,
  DECIMAL_PATTERN,
  decimalLike,
  decimalString,
  integer,
  isDecimalString,
  isUnsignedDecimalString,
  numberToDecimalString,
  positiveInt,
  UNSIGNED_DECIMAL_EXPECTED,
  uint,
  unsignedDecimalString,
} from './primitives.ts'
