export { onAbort } from './abort.ts'
export type { ApiResponse } from './api-promise.ts'
export { ApiPromise } from './api-promise.ts'
export type { EndpointMethod, EndpointMethods, PerpkitClient } from './client.ts'
export { createClient } from './client.ts'
export type { DriftReport } from './drift-report.ts'
export type { ApiErrorFields } from './errors/api.ts'
export {
  ApiError,
  AuthError,
  BadRequestError,
  createApiError,
  MaintenanceError,
  RateLimitError,
  ServerError,
  UnknownSymbolError,
} from './errors/api.ts'
export type { ErrorDetails } from './errors/base.ts'
export { isPerpkitError, isRetryableError, PerpkitError, walk } from './errors/base.ts'
export { RedirectError, ResponseTooLargeError } from './errors/guards.ts'
export { OptionError } from './errors/option.ts'
export {
  AbortError,
  InvalidParamsError,
  NetworkError,
  ResponseValidationError,
  TimeoutError,
  UnexpectedResponseError,
} from './errors/transport.ts'
export type { FetchFunction, FetchInit, FetchResponse } from './fetch-adapter.ts'
export type { KlineRangeParams, KlineRangeProgress } from './kline-range.ts'
export { checkPositiveMs, invalidOption, MAX_TIMER_MS } from './option-checks.ts'
export type { CallOptions, ClientOptions, RateLimitBudgets, RateLimitOptions } from './options.ts'
export type { QueryValue } from './query.ts'
export type { RateLimitInfo } from './rate-limit-headers.ts'
export { parseRateLimitHeaders } from './rate-limit-headers.ts'
export type { RateLimitSlot, RateLimitStore } from './rate-limit-store.ts'
export { InProcessRateLimitStore } from './rate-limiter.ts'
export type { DataSchema, GenericRequest } from './request.ts'
export type { RetryOptions } from './retry.ts'
