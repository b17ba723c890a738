/**
 * The archive page (`--archive <file>`): a symbol picker, and the history a
 * recorder archive holds, which the API cannot give: candles beyond 500,
 * funding settlements over months, open interest over time, the trades, depth
 * snapshots and gap rows `record` kept. A chart without data shows why
 * instead (an empty archive, a series never recorded, a process holding the
 * file, until the page recovers by itself).
 *
 * @module
 */
import type { Kline } from '@perpkit/schemas'
import type { ComponentChildren } from 'preact'
import { formatDateTime, formatDecimal } from '../../../src/format.ts'
import { CandlesChart } from '../charts/candles-chart.tsx'
import { FundingChart } from '../charts/funding-chart.tsx'
import { OpenInterestChart } from '../charts/open-interest-chart.tsx'
import { Panel } from '../components/panel.tsx'
import type { ArchivePageConfig } from '../dashboard-config.ts'
import { tickOf } from './archive-format.ts'
import { ArchiveDepthPanel, ArchiveGapsPanel, ArchiveTradesPanel } from './archive-recorded.tsx'
import type { ArchiveStore } from './archive-store.ts'
import { OPEN_INTEREST_EVERY } from './archive-wire.ts'

/** The finest tick the candles' prices use (`'0.1'` for prices with one decimal). */
const candleTick = (candles: readonly Kline[]) =>
  tickOf(candles.flatMap((k) => [k.openPrice, k.highPrice, k.lowPrice, k.closePrice]))

/** A series' span as text, and its first and last time as data attributes for tests. */
function Meta(props: { testid: string; times: readonly number[]; children: ComponentChildren }) {
  const first = props.times[0]
  const last = props.times.at(-1)
  const span =
    first === undefined || last === undefined
      ? ''
      : ` · ${formatDateTime(first)} → ${formatDateTime(last)} (${formatDecimal(String((last - first) / 86_400_000), { decimals: 1 })} days)`
  return (
    <p
      class="chart-meta"
      data-testid={props.testid}
      data-count={props.times.length}
      data-first={first}
      data-last={last}
    >
      {props.children}
      {span}
    </p>
  )
}

function Empty(props: { testid: string; children: ComponentChildren }) {
  return (
    <p class="panel-loading" data-testid={props.testid}>
      {props.children}
    </p>
  )
}

function CandlesPanel({ store }: { store: ArchiveStore }) {
  const reply = store.candles.value
  const steps = (
    <fieldset class="segmented" aria-label="candle step" data-testid="archive-steps">
      {store.steps.value.map((step) => (
        <button
          type="button"
          key={step}
          aria-pressed={store.step.value === step}
          onClick={() => void store.selectStep(step)}
        >
          {step % 1440 === 0 ? `${step / 1440}d` : step % 60 === 0 ? `${step / 60}h` : `${step}m`}
        </button>
      ))}
    </fieldset>
  )
  const noSteps = store.steps.value.length === 0
  const tick = reply === null ? '0.01' : candleTick(reply.candles)
  return (
    <Panel
      title={`${store.symbol.value} · candles and mark price`}
      testid="archive-candles-panel"
      error={store.errors.value.candles}
      ready={noSteps || reply !== null}
      actions={steps}
    >
      {noSteps || reply?.candles.length === 0 ? (
        <Empty testid="archive-candles-empty">
          No candles of {store.symbol.value} in this archive. Fill them with{' '}
          <code>perpkit-recorder backfill --symbols {store.symbol.value} --steps 1h --from …</code>
        </Empty>
      ) : (
        reply !== null && (
          <>
            <CandlesChart
              testid="archive-candles"
              candles={reply.candles}
              markCandles={reply.markCandles}
              seriesKey={`${reply.symbol}|${reply.step}`}
              liquidationPrice={null}
              tick={tick}
              formatPrice={(value) => formatDecimal(value, { step: tick })}
            />
            <Meta testid="archive-candles-meta" times={reply.candles.map((k) => k.timestamp)}>
              {reply.candles.length === reply.total
                ? `${formatDecimal(String(reply.total))} candles`
                : `newest ${formatDecimal(String(reply.candles.length))} of ${formatDecimal(String(reply.total))} candles`}
            </Meta>
          </>
        )
      )}
    </Panel>
  )
}

function FundingPanel({ store }: { store: ArchiveStore }) {
  const reply = store.funding.value
  return (
    <Panel
      title={`${store.symbol.value} · funding settlements`}
      testid="archive-funding-panel"
      error={store.errors.value.funding}
      ready={reply !== null}
    >
      {reply?.settlements.length === 0 ? (
        <Empty testid="archive-funding-empty">
          No funding settlements of {store.symbol.value} recorded.{' '}
          <code>perpkit-recorder record</code> keeps them: the API returns only the latest 100
          (about 33 days).
        </Empty>
      ) : (
        reply !== null && (
          <>
            <FundingChart
              testid="archive-funding"
              class="chart-archive"
              history={reply.settlements}
            />
            <Meta testid="archive-funding-meta" times={reply.settlements.map((s) => s.fundingTime)}>
              {formatDecimal(String(reply.settlements.length))} settlements
            </Meta>
          </>
        )
      )}
    </Panel>
  )
}

function OpenInterestPanel({ store }: { store: ArchiveStore }) {
  const reply = store.openInterest.value
  const every = (
    <fieldset
      class="segmented"
      aria-label="open interest resolution"
      data-testid="archive-oi-every"
    >
      {OPEN_INTEREST_EVERY.map((value) => (
        <button
          type="button"
          key={value}
          aria-pressed={store.every.value === value}
          onClick={() => void store.selectEvery(value)}
        >
          {value === 'snapshot' ? 'every snapshot' : `last of each ${value}`}
        </button>
      ))}
    </fieldset>
  )
  return (
    <Panel
      title={`${store.symbol.value} · open interest (contracts)`}
      testid="archive-oi-panel"
      error={store.errors.value.openInterest}
      ready={reply !== null}
      actions={every}
    >
      {reply?.points.length === 0 ? (
        <Empty testid="archive-oi-empty">
          No open interest of {store.symbol.value} recorded. <code>perpkit-recorder record</code>{' '}
          snapshots it; the API serves only the figure of now.
        </Empty>
      ) : (
        reply !== null && (
          <>
            <OpenInterestChart testid="archive-open-interest" points={reply.points} />
            <Meta testid="archive-oi-meta" times={reply.points.map((p) => p.timestamp)}>
              {formatDecimal(String(reply.points.length))} points
            </Meta>
          </>
        )
      )}
    </Panel>
  )
}

/** The whole archive page. */
export function ArchiveApp({ store, config }: { store: ArchiveStore; config: ArchivePageConfig }) {
  const contentsError = store.errors.value.contents
  return (
    <>
      <header class="status">
        <div class="brand">
          <h1>perpkit</h1>
          <span class="source" data-testid="archive-source">
            archive · {store.contents.value?.file ?? config.archive} · read-only
          </span>
        </div>
        <div class="controls">
          <label class="field inline">
            <span>symbol</span>
            <select
              data-testid="archive-symbol"
              value={store.symbol.value}
              disabled={store.symbols.value.length === 0}
              onChange={(event) => void store.selectSymbol(event.currentTarget.value)}
            >
              {store.symbols.value.map((symbol) => (
                <option key={symbol} value={symbol}>
                  {symbol}
                </option>
              ))}
            </select>
          </label>
          <button type="button" data-testid="archive-reload" onClick={() => void store.reload()}>
            reload
          </button>
        </div>
      </header>
      <main class="archive-grid">
        {contentsError !== undefined ? (
          <Panel title="The archive cannot be read" testid="archive-error" error={contentsError} />
        ) : store.empty.value ? (
          <Panel title="An empty archive" testid="archive-empty">
            <p class="archive-empty">
              {store.contents.value?.file} holds no candles, funding settlements, open interest,
              trades or depth yet. Fill it (the page shows it as it comes):
              <br />
              <code>
                perpkit-recorder backfill --db {store.contents.value?.file} --symbols BTCUSDT
                --steps 1h --from 2026-01-01
              </code>
              <br />
              <code>
                perpkit-recorder record --db {store.contents.value?.file} --symbols BTCUSDT
              </code>
            </p>
          </Panel>
        ) : (
          store.contents.value !== null && (
            <>
              <CandlesPanel store={store} />
              <FundingPanel store={store} />
              <OpenInterestPanel store={store} />
              <ArchiveTradesPanel store={store} />
              <ArchiveDepthPanel store={store} />
              <ArchiveGapsPanel store={store} />
            </>
          )
        )}
      </main>
      <footer class="footer">
        perpkit dashboard · archive · charts by{' '}
        <a href="https://www.tradingview.com/lightweight-charts/" target="_blank" rel="noreferrer">
          TradingView Lightweight Charts™
        </a>
      </footer>
    </>
  )
}
