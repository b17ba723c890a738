/**
 * `@perpkit/schemas/lite`: the zod-free part of the package (error codes,
 * the success code, K-line step math, the route half of the endpoint table,
 * the checks of a symbol and a time param), for code that must load fast and
 * fetch the schemas only when it needs them.
 *
 * @example
 * ```ts
 * import { apiErrorCodes, countCandles } from '@perpkit/schemas/lite'
 * ```
 *
 * @module
 */
export { isSymbol, isTimeParam } from './checks.ts'
export type { RateLimitBudget } from './conventions.ts'
export {
  checkRateLimitBudget,
  DEFAULT_RATE_LIMIT_HEADER_PREFIX,
  PUBLIC_RATE_LIMIT,
  RATE_LIMIT_BUDGET_BOUNDS,
  RATE_LIMIT_HEADERS,
  rateLimitHeaderNames,
  SECONDS_THRESHOLD,
} from './conventions.ts'
export { timeToMs } from './conversions.ts'
export type { ApiErrorCode } from './error-codes.ts'
export {
  apiErrorCodes,
  isRetryableCode,
  queryParameterErrorCodes,
  SUCCESS_CODE,
} from './error-codes.ts'
export type { CandleSpan, KlineStep, KlineStepInput, KlineWindow } from './kline-steps.ts'
export {
  alignToStep,
  candleSpan,
  countCandles,
  KLINE_STEP_ALIASES,
  KLINE_STEPS,
  klineWindows,
  MAX_KLINES_PER_REQUEST,
  resolveKlineStep,
  stepMs,
} from './kline-steps.ts'
export type {
  AuthType,
  ClientMethodName,
  EndpointPath,
  EndpointRoutes,
  RouteDefinition,
  RouteInput,
} from './routes.ts'
export { defineRoute, defineRoutes, endpointPaths, endpointRoutes } from './routes.ts'
