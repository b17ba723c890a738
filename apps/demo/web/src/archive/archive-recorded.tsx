/**
 * The archive page's panels of what only a running recorder captures: the
 * trades it kept (the API serves the latest 100), a depth snapshot it took
 * (the API serves the book of now), and its gap rows (the spans it knows it
 * missed). Numbers are written from their exact decimal strings.
 *
 * @module
 */
import type { ComponentChildren } from 'preact'
import { formatDateTime, formatDecimal, formatDuration } from '../../../src/format.ts'
import { DepthChart } from '../charts/depth-chart.tsx'
import { Ladder } from '../components/book-panel.tsx'
import { Panel } from '../components/panel.tsx'
import { depthCurves } from '../logic/book.ts'
import { tickOf } from './archive-format.ts'
import type { ArchiveStore } from './archive-store.ts'

/** A trade's time: UTC date and time with seconds. */
const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')

function Note(props: { testid: string; children: ComponentChildren }) {
  return (
    <p class="panel-loading" data-testid={props.testid}>
      {props.children}
    </p>
  )
}

/** The newest trades stored (`archive-trades`), newest first. */
export function ArchiveTradesPanel({ store }: { store: ArchiveStore }) {
  const reply = store.trades.value
  const symbol = store.symbol.value
  const tick = reply === null ? '0.01' : tickOf(reply.trades.map((t) => t.price))
  return (
    <Panel
      title={`${symbol} · trades recorded`}
      testid="archive-trades-panel"
      error={store.errors.value.trades}
      ready={reply !== null}
      class="panel-trades"
    >
      {reply?.trades.length === 0 ? (
        <Note testid="archive-trades-empty">
          No trades of {symbol} recorded. <code>perpkit-recorder record --symbols {symbol}</code>{' '}
          keeps them: the API returns only the latest 100.
        </Note>
      ) : (
        reply !== null && (
          <>
            <p
              class="chart-meta"
              data-testid="archive-trades-meta"
              data-count={reply.trades.length}
              data-total={reply.total}
              data-last={reply.trades.at(-1)?.time}
            >
              {reply.trades.length === reply.total
                ? `${formatDecimal(String(reply.total))} trades`
                : `newest ${formatDecimal(String(reply.trades.length))} of ${formatDecimal(String(reply.total))} trades`}
            </p>
            <div class="scroll archive-scroll">
              <table class="trades" data-testid="archive-trades">
                <thead>
                  <tr>
                    <th>time (UTC)</th>
                    <th>side</th>
                    <th>price</th>
                    <th>qty</th>
                    <th>value</th>
                  </tr>
                </thead>
                <tbody>
                  {[...reply.trades].reverse().map((trade, i) => {
                    const side = trade.isBuyerMaker ? 'sell' : 'buy'
                    return (
                      <tr key={`${trade.time}-${i}`}>
                        <td>{stamp(trade.time)}</td>
                        <td class={side === 'buy' ? 'bid' : 'ask'}>{side}</td>
                        <td>{formatDecimal(trade.price, { step: tick })}</td>
                        <td>{formatDecimal(trade.qty)}</td>
                        <td>{formatDecimal(trade.quoteQty, { decimals: 2 })}</td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>
          </>
        )
      )}
    </Panel>
  )
}

/** One recorded depth snapshot (`archive-depth`): its depth chart and ladder, older / newest. */
export function ArchiveDepthPanel({ store }: { store: ArchiveStore }) {
  const snapshot = store.depth.value?.snapshot ?? null
  const symbol = store.symbol.value
  const series = store.contents.value?.depth.find((d) => d.symbol === symbol)
  const tick =
    snapshot === null ? '0.01' : tickOf(snapshot.bids.concat(snapshot.asks).map((l) => l.price))
  const curves = snapshot === null ? null : depthCurves(snapshot)
  const actions = (
    <fieldset class="segmented" aria-label="depth snapshot" data-testid="archive-depth-nav">
      <button
        type="button"
        disabled={snapshot === null || series === undefined || snapshot.recordedAt <= series.first}
        onClick={() => snapshot !== null && void store.selectDepth(snapshot.recordedAt - 1)}
      >
        older
      </button>
      <button
        type="button"
        aria-pressed={store.depthAt.value === null}
        onClick={() => void store.selectDepth(null)}
      >
        newest
      </button>
    </fieldset>
  )
  return (
    <Panel
      title={`${symbol} · depth snapshots`}
      testid="archive-depth-panel"
      error={store.errors.value.depth}
      ready={store.depth.value !== null}
      actions={actions}
    >
      {snapshot === null || curves === null ? (
        <Note testid="archive-depth-empty">
          No depth snapshots of {symbol} recorded. <code>perpkit-recorder record</code> takes one
          every snapshot interval: the API serves only the book of now.
        </Note>
      ) : (
        <>
          <p
            class="chart-meta"
            data-testid="archive-depth-meta"
            data-recorded-at={snapshot.recordedAt}
            data-levels={snapshot.bids.length + snapshot.asks.length}
          >
            snapshot of {formatDateTime(snapshot.recordedAt)}
            {series === undefined
              ? ''
              : ` · ${formatDecimal(String(series.rows))} snapshots stored`}
          </p>
          <DepthChart
            bids={curves.bids}
            asks={curves.asks}
            tick={tick}
            formatPrice={(value) => formatDecimal(value, { step: tick })}
            formatQty={(value) => formatDecimal(value, { decimals: 0 })}
          />
          <div class="scroll">
            <Ladder
              bids={snapshot.bids}
              asks={snapshot.asks}
              f={{
                price: (value) => formatDecimal(value, { step: tick }),
                contracts: (value) => formatDecimal(value),
              }}
              testid="archive-book"
            />
          </div>
        </>
      )}
    </Panel>
  )
}

/** The gap rows of the symbol (`archive-gaps`): what the recorder knows it missed. */
export function ArchiveGapsPanel({ store }: { store: ArchiveStore }) {
  const reply = store.gaps.value
  const symbol = store.symbol.value
  return (
    <Panel
      title={`${symbol} · gaps (spans not recorded)`}
      testid="archive-gaps-panel"
      error={store.errors.value.gaps}
      ready={reply !== null}
    >
      {reply?.gaps.length === 0 ? (
        <Note testid="archive-gaps-none">
          No gap: every poll of {symbol} reached back to the rows stored before it.
        </Note>
      ) : (
        reply !== null && (
          <div class="scroll">
            <table class="trades" data-testid="archive-gaps" data-count={reply.gaps.length}>
              <thead>
                <tr>
                  <th>dataset</th>
                  <th>from (UTC)</th>
                  <th>to (UTC)</th>
                  <th>missed</th>
                </tr>
              </thead>
              <tbody>
                {reply.gaps.map((gap) => (
                  <tr key={`${gap.dataset}-${gap.from}`}>
                    <td>{gap.dataset}</td>
                    <td>{stamp(gap.from)}</td>
                    <td>{stamp(gap.to)}</td>
                    <td>{formatDuration(gap.to - gap.from)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      )}
    </Panel>
  )
}
