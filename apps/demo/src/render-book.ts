/**
 * Text sections of the order book: top-of-book metrics, the grouped
 * ladders, and the market order walked through the book.
 *
 * @module
 */
import { compareDecimals } from '@perpkit/analytics'
import { formatBps, formatDecimal, formatRatio } from './format.ts'
import {
  BODY_WIDTH,
  type Cell,
  type Pair,
  renderPairs,
  renderSection,
  renderTable,
  wrapParts,
} from './layout.ts'
import type { SectionContext } from './render-sections.ts'
import type { BookGroup, FillSummary } from './snapshot-types.ts'
import { paintSigned, type Style } from './style.ts'

function imbalance(style: Style, value: string): Cell {
  const text = formatRatio(value)
  return { text, paint: (t) => paintSigned(style, compareDecimals({ a: value, b: 0 }), t) }
}

function renderGroup(group: BookGroup, context: SectionContext): string[] {
  const { format, style } = context
  const m = group.metrics
  const price = (value: string) => formatDecimal(value, { step: group.step })
  const parts = [
    `spread ${m.spread === null ? '—' : price(m.spread)}`,
    `mid ${m.mid === null ? '—' : format.finePrice(m.mid)}`,
    `micro ${m.microprice === null ? '—' : format.finePrice(m.microprice)}`,
    `imbalance ${formatRatio(m.imbalance)}`,
  ]
  const rows: Cell[][] = []
  for (let i = 0; i < Math.max(group.bids.length, group.asks.length); i++) {
    const bid = group.bids[i]
    const ask = group.asks[i]
    rows.push([
      bid === undefined ? '' : format.contracts(bid.total),
      bid === undefined ? '' : format.contracts(bid.qty),
      bid === undefined ? '' : { text: price(bid.price), paint: style.green },
      '│',
      ask === undefined ? '' : { text: price(ask.price), paint: style.red },
      ask === undefined ? '' : format.contracts(ask.qty),
      ask === undefined ? '' : format.contracts(ask.total),
    ])
  }
  const table = renderTable(
    [
      { header: 'total', align: 'right' },
      { header: 'qty', align: 'right' },
      { header: 'bid', align: 'right' },
      { header: '│', align: 'left' },
      { header: 'ask', align: 'left' },
      { header: 'qty', align: 'right' },
      { header: 'total', align: 'right' },
    ],
    rows,
    style,
  )
  const title = style.bold(`Grouped by ${group.step} (${group.ticks} ticks)`)
  const metrics = wrapParts(parts, BODY_WIDTH)
  return rows.length === 0 ? [title, style.dim('empty book')] : [title, ...metrics, ...table]
}

/** Top of book (spread, mid, microprice, imbalance, liquidity near mid) and the grouped books. */
export function renderBook(context: SectionContext): string[] {
  const { snapshot, format, style } = context
  const b = snapshot.book
  const t = b.top
  const quote = snapshot.contract.quoteCurrency
  const orDash = (value: string | null, f: (v: string) => string) =>
    value === null ? '—' : f(value)
  const pairs: Pair[] = [
    { label: 'best bid', value: orDash(t.bestBid, format.price) },
    { label: 'best ask', value: orDash(t.bestAsk, format.price) },
    {
      label: 'spread',
      value:
        t.spread === null || t.spreadBps === null
          ? '—'
          : `${format.price(t.spread)} (${formatBps(t.spreadBps)})`,
    },
    { label: 'mid', value: orDash(t.mid, format.finePrice) },
    { label: 'microprice', value: orDash(t.microprice, format.finePrice) },
    { label: 'imbalance (10 lv)', value: imbalance(style, t.imbalance) },
  ]
  if (b.within !== null) {
    pairs.push(
      {
        label: `bids within ${b.within.pct} %`,
        value: `${format.quote(b.within.bidNotional)} ${quote}`,
      },
      {
        label: `asks within ${b.within.pct} %`,
        value: `${format.quote(b.within.askNotional)} ${quote}`,
      },
    )
  }
  const title = `Order book (${b.bidLevels} bids, ${b.askLevels} asks)`
  const groups = b.groups.flatMap((group) => ['', ...renderGroup(group, context)])
  return renderSection(title, [...renderPairs(pairs, style), ...groups], style)
}

function fillCells(fill: FillSummary, context: SectionContext): Cell[] {
  const { format, style } = context
  const side: Cell = { text: fill.side, paint: fill.side === 'buy' ? style.green : style.red }
  if (fill.avgPrice === null) return [side, '0', '—', '—', '—', '—']
  const filled = `${format.contracts(fill.filledQty)}${fill.complete ? '' : '*'}`
  return [
    side,
    filled,
    format.finePrice(fill.avgPrice),
    fill.worstPrice === null ? '—' : format.price(fill.worstPrice),
    fill.slippageBps === null ? '—' : formatBps(fill.slippageBps),
    format.quote(fill.notional),
  ]
}

/** The market order in both directions: fill, average and worst price, slippage, notional. */
export function renderMarketOrder(context: SectionContext): string[] {
  const { snapshot, format, style } = context
  const m = snapshot.marketOrder
  const quote = snapshot.contract.quoteCurrency
  const size =
    m.size.unit === 'contracts'
      ? `${format.contracts(m.size.amount)} ct`
      : `${formatDecimal(m.size.amount)} ${quote}`
  const reference =
    m.referencePrice === null ? 'no mid' : `slippage vs mid ${format.finePrice(m.referencePrice)}`
  const table = renderTable(
    [
      { header: 'side', align: 'left' },
      { header: 'filled (ct)', align: 'right' },
      { header: 'avg price', align: 'right' },
      { header: 'worst price', align: 'right' },
      { header: 'slippage', align: 'right' },
      { header: `notional (${quote})`, align: 'right' },
    ],
    [fillCells(m.buy, context), fillCells(m.sell, context)],
    style,
  )
  const empty = m.buy.avgPrice === null && m.sell.avgPrice === null
  const partial = !m.buy.complete || !m.sell.complete
  const notes = empty
    ? [style.yellow('the book is empty: nothing would fill')]
    : partial
      ? [style.yellow('* the book ran out before the order filled')]
      : []
  const title = `Market order of ${size} (${reference})`
  return renderSection(title, [...table, ...notes], style)
}
