export type { Clock } from './clock.ts'
export type { CredentialSecrets, Credentials } from './credentials.ts'
export { createCredentials } from './credentials.ts'
export type { SignerErrorCode } from './errors.ts'
export { SignerError } from './errors.ts'
export type { ExplainSignatureParameters, SignatureExplanation } from './explain.ts'
export { explainSignature } from './explain.ts'
export type { HeaderNames, HeadersInput, HeadersLike } from './headers.ts'
export { defaultHeaderNames } from './headers.ts'
export { clearKeyCache } from './key-cache.ts'
export type { LiveErrorBody } from './live-errors.ts'
export { liveErrorBody, liveErrorCodes, liveErrorResponse } from './live-errors.ts'
export { isSyncSigningAvailable } from './node-crypto.ts'
export type { BuildPrehashParameters } from './prehash.ts'
export { buildPrehash } from './prehash.ts'
export type {
  MemoryReplayStore,
  MemoryReplayStoreOptions,
  ReplayStore,
} from './replay-store.ts'
export { createMemoryReplayStore } from './replay-store.ts'
export type { SignParameters } from './sign.ts'
export { sign, signSync } from './sign.ts'
export type { AuthType, SignedHeaders, SignRequestParameters } from './sign-request.ts'
export { signRequest, signRequestSync } from './sign-request.ts'
export type {
  BodyRule,
  BuildSignedBodyParameters,
  GetBodyRule,
  HttpMethod,
  QueryInput,
} from './signed-body.ts'
export { buildSignedBody } from './signed-body.ts'
export type {
  CredentialsLookup,
  KeySecrets,
  VerifyOptions,
  VerifyParameters,
  VerifyWithCredentialsParameters,
  VerifyWithLookupParameters,
} from './verify.ts'
export { verify } from './verify.ts'
export type { NodeRequestLike } from './verify-node-request.ts'
export { verifyNodeRequest } from './verify-node-request.ts'
export { verifyRequest } from './verify-request.ts'
export type {
  CredentialsLookupWithStatus,
  KeyRecord,
  UnavailableEvent,
  VerifyRequestOptions,
} from './verify-request-options.ts'
export type {
  VerifyRequestFailure,
  VerifyRequestFailureReason,
  VerifyRequestResult,
  VerifyRequestSuccess,
} from './verify-request-result.ts'
export type {
  VerifyFailure,
  VerifyFailureReason,
  VerifyResult,
  VerifySuccess,
} from './verify-result.ts'
export { verifyFailureReasons } from './verify-result.ts'
