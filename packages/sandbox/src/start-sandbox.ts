/**
 * Starting and stopping a sandbox server.
 *
 * @module
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type FaultQueue, MemoryFaultQueue } from './faults/fault-queue.ts'
import { Market, seedHash } from './market/market.ts'
import { resolveOptions, type SandboxOptions } from './options.ts'
import { RateLimiter } from './rate-limit/rate-limiter.ts'
import { handleRequest, type SandboxState } from './server/handle-request.ts'
import { PayloadCache } from './server/payload-cache.ts'
import { createAuthChecks, createSignatureCheck } from './signed/signed-mode.ts'

/**
 * A running sandbox.
 *
 * @example
 * ```ts
 * const sandbox = await startSandbox()
 * const res = await fetch(`${sandbox.url}/contract/public/depth?symbol=BTCUSDT`)
 * await sandbox.close()
 * ```
 */
export interface Sandbox {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:53412`. */
  url: string
  /** The port it listens on (the one picked when `port` was 0). */
  port: number
  /** The interface it listens on. */
  host: string
  /**
   * Stops listening and destroys every connection, keep-alive, delayed and
   * stalled ones included. Safe to call more than once.
   *
   * @returns A promise that settles once the server is closed.
   */
  close(): Promise<void>
  /** Faults queued for the next requests: `faults.add(path | '*', fault, count)`, `faults.clear()`. */
  faults: FaultQueue
}

/**
 * Starts a local server that speaks the contract market-data interface, a
 * twin of a live deployment by default: every endpoint of the table, a
 * deterministic market, live budgets (429, then 418), errors as live servers
 * send them, signatures where the table asks for them, and faults on request.
 *
 * @param options - See {@link SandboxOptions}; all optional.
 * @returns A promise of the running {@link Sandbox}.
 * @throws {RangeError | TypeError} (as a rejection) for an invalid option;
 *   the listen error (e.g. `EADDRINUSE`) when the port is taken.
 * @example
 * ```ts
 * import { startSandbox } from '@perpkit/sandbox'
 *
 * const sandbox = await startSandbox({ seed: 7, now: () => Date.UTC(2026, 0, 1, 12) })
 * const res = await fetch(`${sandbox.url}/contract/public/market-trade?symbol=ETHUSDT&limit=5`)
 * const { data } = await res.json() // five trades, newest first
 * sandbox.faults.add('/contract/public/depth', { kind: 'unavailable' }, 2)
 * await sandbox.close()
 * ```
 */
export async function startSandbox(options?: SandboxOptions): Promise<Sandbox> {
  const resolved = resolveOptions(options)
  const faults = new MemoryFaultQueue(resolved.inventedFaults)
  const signing = {
    credentials: resolved.credentials,
    frozenApiKeys: resolved.frozenApiKeys,
    windowMs: resolved.signatureWindowMs,
    getBodyRule: resolved.getBodyRule,
    headerNames: resolved.headerNames,
    now: resolved.now,
  }
  const state: SandboxState = {
    options: resolved,
    seedHash: seedHash(resolved.seed),
    market: new Market(resolved.seed, {
      quirks: resolved.quirks,
      contracts: resolved.contracts,
      datedFutures: resolved.datedFutures,
    }),
    payloads: new PayloadCache(),
    faults,
    limiter: resolved.rateLimit ? new RateLimiter() : undefined,
    authChecks: createAuthChecks(signing),
    checkSignature: createSignatureCheck(signing),
    timers: new Set(),
  }
  const server = createServer((req, res) => {
    handleRequest(state, req, res)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(resolved.port, resolved.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const host = resolved.host
  const urlHost = host.includes(':') ? `[${host}]` : host
  let closing: Promise<void> | undefined
  return {
    url: `http://${urlHost}:${port}`,
    port,
    host,
    faults,
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const timer of state.timers) clearTimeout(timer)
        state.timers.clear()
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return closing
    },
  }
}
