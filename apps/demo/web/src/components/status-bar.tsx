/**
 * The header: where the data comes from, and the rate-limit budget in use
 * as the last responses reported it (`.withResponse().rateLimit`).
 *
 * @module
 */

import { formatTime } from '../../../src/format.ts'
import type { Api } from '../api.ts'
import type { Market } from '../market/store.ts'

/** The page header with the source and the live budget (`data-testid="budget"`). */
export function StatusBar(props: { api: Api; market: Market }) {
  const { api, market } = props
  const { config } = api
  const entries = Object.values(api.budgets.value).sort((a, b) =>
    a.endpoint.localeCompare(b.endpoint),
  )
  const refreshed = market.lastRefresh.value
  return (
    <header class="status">
      <div class="brand">
        <h1>perpkit</h1>
        <span class="source">
          {config.source === 'sandbox' ? 'sandbox' : 'deployment'} · {config.baseUrl} ·{' '}
          {config.credentials === null ? 'unsigned' : 'signed (WebCrypto)'}
        </span>
        <span class="refresh" data-testid="last-refresh">
          {refreshed === null ? 'loading…' : `live · refreshed ${formatTime(refreshed)} UTC`}
        </span>
      </div>
      <details class="budget" data-testid="budget">
        <summary>rate-limit budget ({entries.length} endpoints)</summary>
        <table>
          <tbody>
            {entries.map(({ endpoint, info }) => (
              <tr key={endpoint}>
                <td>{endpoint.replace('/contract/public/', '')}</td>
                <td>
                  <meter min={0} max={info.limit} value={info.used} />
                </td>
                <td>
                  {info.used}/{info.limit}
                  {info.windowMs === null ? '' : ` per ${info.windowMs / 1000} s`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </header>
  )
}
