/**
 * Recent trades, newest first, with the taker side.
 *
 * @module
 */
import { formatTime } from '../../../src/format.ts'
import { contractFormatters } from '../format.ts'
import type { Market } from '../market/store.ts'
import { Panel } from './panel.tsx'

/** The recent trades (`data-testid="trades"`). */
export function TradesPanel(props: { market: Market }) {
  const { market } = props
  const contract = market.contract.value
  const trades = market.trades.value
  const ready = contract !== null && trades.length > 0
  if (!ready)
    return <Panel title="Recent trades" error={market.errors.value.trades} ready={false} />
  const f = contractFormatters(contract)
  return (
    <Panel title="Recent trades" error={market.errors.value.trades} class="panel-trades">
      <div class="scroll">
        <table class="trades" data-testid="trades">
          <thead>
            <tr>
              <th>time (UTC)</th>
              <th>side</th>
              <th>price</th>
              <th>qty ({contract.baseCurrency})</th>
              <th>value ({contract.quoteCurrency})</th>
            </tr>
          </thead>
          <tbody>
            {trades.slice(0, 16).map((trade, i) => {
              const side = trade.isBuyerMaker ? 'sell' : 'buy'
              return (
                <tr key={`${trade.time}-${i}`}>
                  <td>{formatTime(trade.time)}</td>
                  <td class={side === 'buy' ? 'bid' : 'ask'}>{side}</td>
                  <td>{f.price(trade.price)}</td>
                  <td>{f.base(trade.qty)}</td>
                  <td>{f.quote(trade.quoteQty)}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </Panel>
  )
}
