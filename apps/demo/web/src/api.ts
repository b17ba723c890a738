/**
 * The page's clients of the interface, and the rate-limit budget in use as
 * the responses report it (`.withResponse().rateLimit`).
 *
 * @module
 */
import {
  type ApiPromise,
  createClient,
  type PerpkitClient,
  type RateLimitInfo,
} from '@perpkit/client'
import { createCredentials } from '@perpkit/signer'
import { type Signal, signal } from '@preact/signals'
import type { DashboardConfig } from './dashboard-config.ts'

/** The last rate-limit state each endpoint reported, with when it arrived. */
interface BudgetEntry {
  endpoint: string
  info: RateLimitInfo
  at: number
}

/** The page's access to the interface. */
export interface Api {
  client: PerpkitClient
  config: DashboardConfig
  /** Rate-limit state by endpoint path, newest report wins. */
  budgets: Signal<Record<string, BudgetEntry>>
  /**
   * Awaits a call through `.withResponse()`, records its rate-limit state,
   * and resolves with the model.
   */
  track<T>(call: ApiPromise<T>): Promise<T>
}

/** Client settings shared by the page's clients: the interface's limits, a few retries. */
export function clientOptions(config: DashboardConfig) {
  const credentials = config.credentials === null ? null : createCredentials(config.credentials)
  return {
    baseUrl: config.baseUrl,
    rateLimit: true,
    retry: 2,
    timeout: 8_000,
    ...(credentials === null ? {} : { credentials, auth: 'SIGNED' as const }),
  }
}

/**
 * Creates the page's client (signing with WebCrypto when the configuration
 * has credentials) and its budget tracker.
 *
 * @param config - What the launcher served.
 * @returns The API.
 */
export function createApi(config: DashboardConfig): Api {
  const client = createClient(clientOptions(config))
  const budgets = signal<Record<string, BudgetEntry>>({})
  return {
    client,
    config,
    budgets,
    async track(call) {
      const { data, rateLimit, response } = await call.withResponse()
      if (rateLimit !== null) {
        const endpoint = new URL(response.url).pathname
        budgets.value = {
          ...budgets.value,
          [endpoint]: { endpoint, info: rateLimit, at: Date.now() },
        }
      }
      return data
    },
  }
}
