/**
 * Text sections of one contract: specification, prices, funding, open
 * interest, trades, chart and liquidation table. Each returns its lines.
 *
 * @module
 */
import { compareDecimals } from '@perpkit/analytics'
import { renderChart } from './chart.ts'
import {
  type ContractFormatters,
  formatDateTime,
  formatDecimal,
  formatDuration,
  formatLeverage,
  formatPercent,
  formatTime,
} from './format.ts'
import {
  BODY_WIDTH,
  type Cell,
  type Pair,
  renderPairs,
  renderSection,
  renderTable,
  wrapParts,
} from './layout.ts'
import type { LiquidationRow, SymbolSnapshot } from './snapshot-types.ts'
import { paintSigned, type Style } from './style.ts'

/** What every section renderer receives. */
export interface SectionContext {
  snapshot: SymbolSnapshot
  format: ContractFormatters
  style: Style
}

function signed(style: Style, value: string, text: string): Cell {
  return { text, paint: (t) => paintSigned(style, compareDecimals({ a: value, b: 0 }), t) }
}

/** Contract specification: type, status, tick and step, contract size, leverage, schedule. */
export function renderContract({ snapshot, format, style }: SectionContext): string[] {
  const c = snapshot.contract
  const schedule: Pair =
    c.expireTime !== null
      ? { label: 'expires', value: formatDateTime(c.expireTime) }
      : c.delistTime !== null
        ? {
            label: c.status === 'Delisted' ? 'delisted' : 'delisting',
            value: formatDateTime(c.delistTime),
          }
        : {
            label: 'funding every',
            value: c.fundingIntervalHours === null ? '?' : `${c.fundingIntervalHours} h`,
          }
  const pairs: Pair[] = [
    { label: 'type', value: c.productType },
    { label: 'status', value: c.status ?? 'unknown' },
    { label: 'tick size', value: c.tickSize },
    { label: 'step size', value: `${c.stepSize} ct` },
    { label: 'contract size', value: `${c.contractSize} ${c.baseCurrency}` },
    {
      label: 'leverage',
      value: `${formatLeverage(c.minLeverage)} – ${formatLeverage(c.maxLeverage)}`,
    },
    {
      label: 'order limits',
      value: `${format.contracts(c.minVolume)} – ${format.contracts(c.maxVolume)} ct`,
    },
    schedule,
  ]
  return renderSection('Contract', renderPairs(pairs, style), style)
}

/** Last, mark and index prices, 24 h change, range, volume and turnover. */
export function renderPrices({ snapshot, format, style }: SectionContext): string[] {
  const p = snapshot.prices
  const quote = snapshot.contract.quoteCurrency
  const pairs: Pair[] = [
    { label: 'last', value: format.price(p.last) },
    { label: '24h change', value: signed(style, p.change24h, formatPercent(p.change24h, 2, true)) },
    { label: 'mark', value: p.mark === null ? '—' : format.price(p.mark) },
    { label: '24h high', value: format.price(p.high24h) },
    { label: 'index', value: format.price(p.index) },
    { label: '24h low', value: format.price(p.low24h) },
    { label: '24h volume', value: `${format.contracts(p.volume24h)} ct` },
    { label: '24h turnover', value: `${formatDecimal(p.turnover24h, { decimals: 0 })} ${quote}` },
  ]
  return renderSection('Prices', renderPairs(pairs, style), style)
}

/** Funding: last and expected rate, annualized, next settlement; or why there is none. */
export function renderFunding({ snapshot, style }: SectionContext): string[] {
  const f = snapshot.funding
  if (f === null) {
    const expiry = snapshot.contract.expireTime
    const why =
      expiry === null
        ? 'none: this contract does not fund'
        : `none: dated futures settle at expiry, ${formatDateTime(expiry)}`
    return renderSection('Funding', [style.dim(why)], style)
  }
  const rate = (value: string) => signed(style, value, formatPercent(value, 4, true))
  const yearly = (value: string | null) =>
    value === null ? '—' : signed(style, value, formatPercent(value, 2, true))
  const pairs: Pair[] = [
    { label: 'last rate', value: rate(f.lastRate) },
    { label: 'annualized', value: yearly(f.lastAnnualized) },
    { label: 'expected rate', value: rate(f.expectedRate) },
    { label: 'annualized', value: yearly(f.expectedAnnualized) },
    { label: 'next funding', value: formatDateTime(f.nextFundingTime) },
    { label: 'in', value: formatDuration(f.timeToNextMs) },
  ]
  const title = f.intervalHours === null ? 'Funding' : `Funding (every ${f.intervalHours} h)`
  return renderSection(title, renderPairs(pairs, style), style)
}

/** Open interest in contracts, in the base coin, and its value. */
export function renderOpenInterest({ snapshot, format, style }: SectionContext): string[] {
  const oi = snapshot.openInterest
  const c = snapshot.contract
  const pairs: Pair[] = [
    { label: 'contracts', value: `${format.contracts(oi.contracts)} ct` },
    { label: 'in base coin', value: `${format.base(oi.base)} ${c.baseCurrency}` },
    { label: 'value', value: `${format.quote(oi.value)} ${c.quoteCurrency}` },
  ]
  return renderSection('Open interest', renderPairs(pairs, style), style)
}

/** The last trades, newest first. */
export function renderTrades({ snapshot, format, style }: SectionContext): string[] {
  const c = snapshot.contract
  const title = 'Last trades (taker side)'
  if (snapshot.trades.length === 0) return renderSection(title, [style.dim('no trades')], style)
  const rows = snapshot.trades.map((t): Cell[] => [
    formatTime(t.time),
    { text: t.side, paint: t.side === 'buy' ? style.green : style.red },
    format.price(t.price),
    format.base(t.qty),
    format.quote(t.value),
  ])
  const table = renderTable(
    [
      { header: 'time (UTC)', align: 'left' },
      { header: 'side', align: 'left' },
      { header: 'price', align: 'right' },
      { header: `qty (${c.baseCurrency})`, align: 'right' },
      { header: `value (${c.quoteCurrency})`, align: 'right' },
    ],
    rows,
    style,
  )
  return renderSection(title, table, style)
}

/** Hourly closes of the last two days. */
export function renderCandles({ snapshot, style }: SectionContext): string[] {
  const { candles, stepMinutes } = snapshot.candles
  const length = stepMinutes % 60 === 0 ? `${stepMinutes / 60} h` : `${stepMinutes} min`
  const title =
    candles.length === 0
      ? `Closes (${length} candles)`
      : `Closes of the last ${candles.length} candles of ${length}`
  return renderSection(title, renderChart(candles, snapshot.contract.tickSize, style), style)
}

function liquidationCells(row: LiquidationRow, format: ContractFormatters, style: Style): Cell[] {
  const side: Cell = { text: row.side, paint: row.side === 'long' ? style.green : style.red }
  const leverage = formatLeverage(row.leverage)
  const margin = format.quote(row.margin)
  if (!row.allowed) {
    return [side, leverage, margin, '—', '', { text: 'not allowed at this size', paint: style.dim }]
  }
  if (row.price === null || row.distance === null) return [side, leverage, margin, 'none', '', '']
  const bracket =
    row.bracket === null
      ? ''
      : `#${row.bracket.bracket} mmr ${formatPercent(row.bracket.maintMarginRatio, 2)} ≤${row.bracket.initialLeverage}x`
  return [
    side,
    leverage,
    margin,
    format.price(row.price),
    formatPercent(row.distance, 2, true),
    bracket,
  ]
}

/** Example positions, long and short at several leverages, and their liquidation prices. */
export function renderLiquidation({ snapshot, format, style }: SectionContext): string[] {
  const l = snapshot.liquidation
  const c = snapshot.contract
  const title = 'Liquidation of example positions'
  if (l === null) return renderSection(title, [style.dim('no price to enter at')], style)
  const limit =
    l.maxLeverage === null
      ? 'no bracket holds this size'
      : `brackets allow up to ${formatLeverage(l.maxLeverage)} at this size`
  const position = `${format.contracts(l.qty)} ct (${format.base(l.baseQty)} ${c.baseCurrency})`
  const intro = [
    ...wrapParts(
      [
        `${position} at ${l.entryReference} ${format.price(l.entryPrice)}`,
        `notional ${format.quote(l.notional)} ${c.quoteCurrency}`,
      ],
      BODY_WIDTH,
    ),
    style.dim(`isolated margin, fees excluded; ${limit}`),
  ]
  const table = renderTable(
    [
      { header: 'side', align: 'left' },
      { header: 'lev.', align: 'right' },
      { header: `margin (${c.quoteCurrency})`, align: 'right' },
      { header: 'liq. price', align: 'right' },
      { header: 'distance', align: 'right' },
      { header: 'bracket used', align: 'left' },
    ],
    l.rows.map((row) => liquidationCells(row, format, style)),
    style,
  )
  return renderSection(title, [...intro, ...table], style)
}
