/**
 * The candle chart with its step switcher and the backfill of a longer
 * range (`iterKlines`, progress from `onProgress`).
 *
 * @module
 */
import { CandlesChart } from '../charts/candles-chart.tsx'
import { contractFormatters } from '../format.ts'
import { CHART_STEPS } from '../logic/steps.ts'
import type { Calculators } from '../market/calculators.ts'
import type { Market } from '../market/store.ts'
import { Panel } from './panel.tsx'

function BackfillProgress(props: { market: Market }) {
  const progress = props.market.backfill.value
  if (progress === null) return null
  const { windowsDone, windowsTotal, candles } = progress
  const done = windowsTotal > 0 && windowsDone === windowsTotal
  return (
    <div class="backfill" data-testid="backfill-progress">
      <progress max={Math.max(1, windowsTotal)} value={windowsDone} />
      <span>
        {done ? 'backfilled' : 'backfilling'} {windowsDone}/{windowsTotal} windows · {candles}{' '}
        candles
      </span>
    </div>
  )
}

/** Candles, volume, mark price and liquidation line (`data-testid="candles-chart"`). */
export function ChartPanel(props: { market: Market; calculators: Calculators }) {
  const { market, calculators } = props
  const contract = market.contract.value
  const steps = (
    <fieldset class="segmented" aria-label="candle step" data-testid="step-switcher">
      {CHART_STEPS.map((step) => (
        <button
          type="button"
          key={step}
          aria-pressed={market.step.value === step}
          onClick={() => market.selectStep(step)}
        >
          {step}
        </button>
      ))}
      <button
        type="button"
        data-testid="backfill"
        disabled={market.candles.value.length === 0}
        onClick={() => void market.loadBackfill()}
      >
        backfill
      </button>
    </fieldset>
  )
  const formatPrice =
    contract === null ? (value: string) => value : contractFormatters(contract).price
  return (
    <Panel
      title={`${market.symbol.value} · ${market.step.value} candles, mark price, liq. price`}
      error={market.errors.value.candles}
      class="panel-chart"
      actions={steps}
    >
      <BackfillProgress market={market} />
      <CandlesChart
        candles={market.candles.value}
        markCandles={market.markCandles.value}
        seriesKey={market.candlesKey.value}
        liquidationPrice={calculators.liquidationPrice.value}
        tick={contract?.pricePrecision ?? '0.01'}
        formatPrice={formatPrice}
      />
      <p
        class="chart-meta"
        data-testid="candles-meta"
        data-key={market.candlesKey.value}
        data-first-candles-ms={market.firstCandlesAt.value?.toFixed(0)}
      >
        {market.candles.value.length} candles · mark price line · liquidation price line
      </p>
    </Panel>
  )
}
