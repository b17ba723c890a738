/**
 * Errors as the user sees them: one line on stderr, never a stack trace.
 *
 * @module
 */
import {
  ApiError,
  NetworkError,
  PerpkitError,
  TimeoutError,
  UnexpectedResponseError,
} from '@perpkit/client'
import { DemoError } from './demo-error.ts'

const SOCKET_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate',
}

/**
 * Why a request never got a response: the `code` of the first error in the
 * cause chain that has one (`ECONNREFUSED`...), else the innermost cause's
 * message (fetch says `fetch failed`, its cause says why).
 */
function networkReason(error: NetworkError): string | undefined {
  const system = error.walk((link) => typeof (link as { code?: unknown }).code === 'string')
  if (system !== null) {
    const code = (system as { code: string }).code
    return SOCKET_ERRORS[code] ?? code
  }
  const innermost = error.walk()
  const message = innermost instanceof Error && innermost !== error ? innermost.message : undefined
  if (message === 'bad port') return 'fetch refuses to connect to this port (bad port)'
  return message === undefined ? undefined : firstLine(message)
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').trim()
}

/**
 * Describes any error in one line, naming the endpoint, the status and the
 * code where there are some; never the credentials, never a stack.
 *
 * @param error - Anything caught.
 * @param baseUrl - The deployment the demo talked to, to name it on network errors.
 * @returns One line, without the program name.
 */
export function describeError(error: unknown, baseUrl?: string): string {
  if (error instanceof DemoError) return firstLine(error.message)
  if (error instanceof NetworkError) {
    const reason = networkReason(error) ?? firstLine(error.shortMessage)
    const where = baseUrl === undefined ? '' : ` ${baseUrl}`
    return `cannot reach${where} (${error.endpoint ?? 'request'}): ${reason}`
  }
  if (error instanceof ApiError) {
    const said = error.apiMessage === '' ? '' : `, "${firstLine(error.apiMessage)}"`
    return `${firstLine(error.shortMessage)} (${error.endpoint}: HTTP ${error.httpStatus}, code ${error.code}${said})`
  }
  if (error instanceof TimeoutError || error instanceof UnexpectedResponseError) {
    return `${firstLine(error.shortMessage)} (${error.endpoint ?? 'request'})`
  }
  if (error instanceof PerpkitError) {
    return error.endpoint === undefined
      ? firstLine(error.shortMessage)
      : `${firstLine(error.shortMessage)} (${error.endpoint})`
  }
  if (error instanceof Error) return `unexpected error: ${firstLine(error.message)}`
  return `unexpected error: ${firstLine(String(error))}`
}
