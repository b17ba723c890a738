/**
 * The order book: the depth chart, the grouped ladder (`aggregateDepth`),
 * spread, mid, microprice and imbalance (`bookMetrics`), and the liquidity
 * within ±x % of the mid (`depthWithin`).
 *
 * @module
 */
import type { BookLevel } from '@perpkit/analytics'
import { type ContractFormatters, formatBps, formatRatio } from '../../../src/format.ts'
import { DepthChart } from '../charts/depth-chart.tsx'
import { contractFormatters } from '../format.ts'
import { depthCurves, GROUP_TICKS, WITHIN_PCTS } from '../logic/book.ts'
import type { Calculators } from '../market/calculators.ts'
import type { Market } from '../market/store.ts'
import { Figures, Panel } from './panel.tsx'

/**
 * A ladder: bids and asks side by side, best first, each level with its running total
 * (`data-testid="order-book"` unless told).
 */
export function Ladder(props: {
  bids: readonly BookLevel[]
  asks: readonly BookLevel[]
  f: Pick<ContractFormatters, 'price' | 'contracts'>
  testid?: string
}) {
  const { f } = props
  const rows = Math.max(props.bids.length, props.asks.length)
  return (
    <table class="ladder" data-testid={props.testid ?? 'order-book'}>
      <thead>
        <tr>
          <th>total</th>
          <th>bid qty</th>
          <th>bid</th>
          <th>ask</th>
          <th>ask qty</th>
          <th>total</th>
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: rows }, (_, i) => {
          const bid = props.bids[i]
          const ask = props.asks[i]
          return (
            <tr key={i}>
              <td>{bid && f.contracts(bid.total)}</td>
              <td>{bid && f.contracts(bid.qty)}</td>
              <td class="bid">{bid && f.price(bid.price)}</td>
              <td class="ask">{ask && f.price(ask.price)}</td>
              <td>{ask && f.contracts(ask.qty)}</td>
              <td>{ask && f.contracts(ask.total)}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

/** Depth chart (`depth-chart`), grouped ladder (`order-book`) and book metrics. */
export function BookPanel(props: { market: Market; calculators: Calculators }) {
  const { market, calculators } = props
  const contract = market.contract.value
  const depth = market.depth.value
  const view = calculators.book.value
  const ready = contract !== null && depth !== null && view !== null
  const controls = (
    <div class="controls">
      <label class="field inline">
        <span>group</span>
        <select
          data-testid="group-ticks"
          value={String(calculators.groupTicks.value)}
          onChange={(event) => {
            calculators.groupTicks.value = Number(event.currentTarget.value)
          }}
        >
          {GROUP_TICKS.map((ticks) => (
            <option key={ticks} value={String(ticks)}>
              {ticks} tick{ticks === 1 ? '' : 's'}
            </option>
          ))}
        </select>
      </label>
      <label class="field inline">
        <span>band ±</span>
        <select
          data-testid="within-pct"
          value={calculators.withinPct.value}
          onChange={(event) => {
            calculators.withinPct.value = event.currentTarget.value
          }}
        >
          {WITHIN_PCTS.map((pct) => (
            <option key={pct} value={pct}>
              {pct} %
            </option>
          ))}
        </select>
      </label>
    </div>
  )
  if (!ready)
    return (
      <Panel title="Order book" error={market.errors.value.book} ready={false} actions={controls} />
    )
  const f = contractFormatters(contract)
  const { metrics, within } = view
  const curves = depthCurves(depth)
  const quote = contract.quoteCurrency
  return (
    <Panel
      title="Order book"
      error={market.errors.value.book}
      actions={controls}
      class="panel-book"
    >
      <DepthChart
        bids={curves.bids}
        asks={curves.asks}
        tick={contract.pricePrecision}
        formatPrice={f.price}
        formatQty={f.contracts}
      />
      <Figures
        testid="book-metrics"
        rows={[
          [
            'spread',
            metrics.spread === null
              ? '–'
              : `${f.price(metrics.spread)} (${formatBps(metrics.spreadBps ?? '0')})`,
          ],
          ['mid', metrics.mid === null ? '–' : f.finePrice(metrics.mid)],
          ['microprice', metrics.microprice === null ? '–' : f.finePrice(metrics.microprice)],
          ['imbalance (10 lv)', formatRatio(metrics.imbalance)],
          [
            `bids within ${calculators.withinPct.value} %`,
            within === null ? '–' : `${f.quote(within.bidNotional)} ${quote}`,
          ],
          [
            `asks within ${calculators.withinPct.value} %`,
            within === null ? '–' : `${f.quote(within.askNotional)} ${quote}`,
          ],
        ]}
      />
      <p class="caption">
        grouped by {f.price(view.groupStep)} ({calculators.groupTicks.value} ticks)
      </p>
      <div class="scroll">
        <Ladder bids={view.bids} asks={view.asks} f={f} />
      </div>
    </Panel>
  )
}
