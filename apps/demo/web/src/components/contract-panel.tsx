/**
 * The contract picker and the selected contract's spec.
 *
 * @module
 */
import type { Contract } from '@perpkit/schemas'
import { formatDateTime, formatLeverage, formatPercent } from '../../../src/format.ts'
import { contractFormatters } from '../format.ts'
import type { Market } from '../market/store.ts'
import { Figures, Panel } from './panel.tsx'

function spec(contract: Contract) {
  const f = contractFormatters(contract)
  const rows: [string, string][] = [
    ['type', `${contract.productType} · ${contract.status ?? 'unknown status'}`],
    ['last price', f.price(contract.lastPrice)],
    ['index price', f.price(contract.indexPrice)],
    ['24h change', formatPercent(contract.change24h, 2, true)],
    ['24h high / low', `${f.price(contract.high24h)} / ${f.price(contract.low24h)}`],
    ['24h volume', `${f.contracts(contract.volume24h)} ct`],
    ['24h turnover', `${f.quote(contract.turnover24h)} ${contract.quoteCurrency}`],
    ['tick size', contract.pricePrecision],
    ['step size', `${contract.volumePrecision} ct`],
    ['contract size', `${contract.contractSize} ${contract.baseCurrency}`],
    [
      'leverage',
      `${formatLeverage(contract.minLeverage)} – ${formatLeverage(contract.maxLeverage)}`,
    ],
    ['order size', `${f.contracts(contract.minVolume)} – ${f.contracts(contract.maxVolume)} ct`],
    [
      'funding every',
      contract.fundingIntervalHours === null ? 'no funding' : `${contract.fundingIntervalHours} h`,
    ],
  ]
  if (contract.expireTimestamp !== null)
    rows.push(['expires', formatDateTime(contract.expireTimestamp)])
  return rows
}

/** The contract picker (`data-testid="contract-picker"`) and the spec. */
export function ContractPanel(props: { market: Market }) {
  const { market } = props
  const contract = market.contract.value
  return (
    <Panel
      title="Contract"
      error={market.errors.value.contracts}
      ready={contract !== null}
      class="panel-contract"
    >
      <label class="field">
        <span>symbol</span>
        <select
          data-testid="contract-picker"
          value={market.symbol.value}
          onChange={(event) => market.selectSymbol(event.currentTarget.value)}
        >
          {market.contracts.value.map((c) => (
            <option key={c.symbol} value={c.symbol}>
              {c.symbol}
              {c.status === 'Delisted' ? ' (delisted)' : ''}
            </option>
          ))}
        </select>
      </label>
      {contract !== null && <Figures rows={spec(contract)} testid="contract-spec" />}
    </Panel>
  )
}
