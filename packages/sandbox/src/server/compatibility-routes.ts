/**
 * Compatibility routes: the few routes outside the market-data interface that
 * multi-exchange clients call before any market data, so that they load
 * against the sandbox as they are (ccxt's `loadMarkets` reads spot symbols and
 * currencies; its `fetchStatus` reads the service status). Each answers the
 * success envelope with the smallest payload in the shape those clients
 * parse, and nothing more: the sandbox has no spot market and no wallets.
 *
 * - `GET /spot/v1/symbols/details`: `{ symbols: [] }` (no spot pairs).
 * - `GET /account/v1/currencies`: one row per currency of the listed contracts,
 *   `{ currency, name, network, withdraw_enabled: false, deposit_enabled: false }`.
 * - `GET /system/service`: `{ service: [...] }`, the spot and contract services, status `2` (up).
 *
 * Never rate-limited, signed or faulted (no budget in the endpoint table).
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Market } from '../market/market.ts'
import { sendMethodNotAllowed, sendSuccess } from '../wire/respond.ts'
import { requestQuirks } from './request-quirks.ts'
import { readClock, type SandboxState } from './sandbox-state.ts'

/** A currency row as ccxt's `fetchCurrencies` reads it. */
interface CurrencyRow {
  currency: string
  name: string
  network: string
  withdraw_enabled: boolean
  deposit_enabled: boolean
}

function currencies(market: Market, now: number): { currencies: CurrencyRow[] } {
  const codes = new Set<string>()
  for (const model of market.listed(now)) {
    codes.add(model.spec.baseCurrency)
    codes.add(model.spec.quoteCurrency)
  }
  return {
    currencies: [...codes].map((code) => ({
      currency: code,
      name: code,
      network: code,
      withdraw_enabled: false,
      deposit_enabled: false,
    })),
  }
}

/** Service status 2: running (the live docs' "completed" maintenance state). */
const SERVICE_UP = 2

const routes = new Map<string, (market: Market, now: number) => unknown>(
  Object.entries({
    '/spot/v1/symbols/details': () => ({ symbols: [] }),
    '/account/v1/currencies': currencies,
    '/system/service': () => ({
      service: [
        { title: 'Spot API', service_type: 'spot', status: SERVICE_UP, start_time: 0, end_time: 0 },
        {
          title: 'Contract API',
          service_type: 'contract',
          status: SERVICE_UP,
          start_time: 0,
          end_time: 0,
        },
      ],
    }),
  }),
)

/** Serves a compatibility route, or returns `false` when `path` is not one. */
export function serveCompatibilityRoute(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): boolean {
  const route = routes.get(path)
  if (route === undefined) return false
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendMethodNotAllowed(res, 'GET, HEAD')
    return true
  }
  const quirks = requestQuirks(state.seedHash, state.options.quirks, path, '')
  sendSuccess(res, route(state.market, readClock(state)), quirks)
  return true
}
