/**
 * `@perpkit/sandbox`: a local HTTP server that speaks the contract
 * market-data interface, like stripe-mock for Stripe: every endpoint of the
 * `@perpkit/schemas` table, a deterministic market, live-like errors, live
 * budgets, signed mode as live, and faults on request: a twin of a live
 * deployment by default.
 *
 * @example
 * ```ts
 * import { startSandbox } from '@perpkit/sandbox'
 *
 * const sandbox = await startSandbox({ seed: 7 })
 * const res = await fetch(`${sandbox.url}/contract/public/details?symbol=BTCUSDT`)
 * await sandbox.close()
 * ```
 *
 * @packageDocumentation
 */
export type { Fault, FaultKind } from './faults/fault.ts'
export { faultKinds } from './faults/fault.ts'
export type { FaultQueue, PendingFault } from './faults/fault-queue.ts'
export type { RateLimitHeaderNames, SandboxOptions } from './options.ts'
export { verifyFailureCodes } from './signed/signed-mode.ts'
export type { Sandbox } from './start-sandbox.ts'
export { startSandbox } from './start-sandbox.ts'
