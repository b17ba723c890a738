/**
 * Telling a failure of the network from a failure of code. The Fetch
 * standard rejects with a `TypeError` ("network error") whatever the network
 * did; each runtime words it its own way, and a `TypeError` is also what a bug
 * throws (`Cannot read properties of undefined`). Only the platforms' own
 * network failures become a retryable `NetworkError`. Checked against
 * real loopback sockets (a closed port, a socket destroyed on connect, a reset
 * after the request, a body cut off, a non-HTTP answer, an unknown host):
 *
 * | runtime | rejection |
 * |---|---|
 * | Node (undici) | `TypeError: fetch failed` (or `terminated` mid-body) whose `cause` carries the code: `ECONNREFUSED`, `ECONNRESET`, `ENOTFOUND`, `UND_ERR_SOCKET`, `HPE_INVALID_CONSTANT`, ... |
 * | Bun | `TypeError` with its own `code` (`ECONNREFUSED`, `ECONNRESET`, `ENOTFOUND`) |
 * | Deno | `TypeError: fetch failed` (its `cause` says why, without a code), `error reading a body from connection` mid-body |
 * | Chromium | `TypeError: Failed to fetch` (CORS too), `network error` mid-body |
 * | Firefox | `TypeError: NetworkError when attempting to fetch resource.` |
 * | Safari | `TypeError: Load failed`, `The network connection was lost.` |
 *
 * @module
 */
import { walk } from './errors/base.ts'

/** How runtimes word the Fetch standard's network error (start of the message). */
const NETWORK_MESSAGES =
  /^(?:fetch failed|terminated|failed to fetch|network ?error|load failed|the network connection was lost|error sending request|error reading a body|network request failed)/i

/**
 * Whether `error` is a platform's network failure: a `TypeError` worded as a
 * runtime words one, or one whose cause chain (itself included) carries a
 * system or transport error code. Node's programming-error codes (`ERR_*`,
 * such as `ERR_INVALID_ARG_TYPE`) do not count: a bug throws those.
 *
 * @param error - What a fetch (or reading its body) rejected with.
 * @returns `true` for a network failure.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false
  if (NETWORK_MESSAGES.test(error.message)) return true
  return (
    walk(error, (link) => {
      const code = (link as { code?: unknown } | null)?.code
      return typeof code === 'string' && code !== '' && !code.startsWith('ERR_')
    }) !== null
  )
}
