/**
 * The text snapshot: a header, then every section of each contract, laid
 * out for an 80-column terminal.
 *
 * @module
 */
import { createContractFormatters, formatDateTime, formatDecimal } from './format.ts'
import { renderRule } from './layout.ts'
import { renderBook, renderMarketOrder } from './render-book.ts'
import {
  renderCandles,
  renderContract,
  renderFunding,
  renderLiquidation,
  renderOpenInterest,
  renderPrices,
  renderTrades,
  type SectionContext,
} from './render-sections.ts'
import type { DemoDocument, OrderSize, SourceInfo, SymbolSnapshot } from './snapshot-types.ts'
import type { Style } from './style.ts'

function describeSource(source: SourceInfo): string {
  const where = source.kind === 'sandbox' ? `sandbox at ${source.url}` : source.url
  const notes = [source.signed ? 'signed' : 'unsigned']
  if (source.rateLimited === true) notes.push('rate-limited')
  return `${where} (${notes.join(', ')})`
}

function describeSize(size: OrderSize): string {
  return size.unit === 'contracts'
    ? `${formatDecimal(size.amount)} contracts`
    : `${formatDecimal(size.amount)} (quote currency)`
}

function renderSymbol(snapshot: SymbolSnapshot, style: Style): string[] {
  const context: SectionContext = {
    snapshot,
    format: createContractFormatters(snapshot.contract),
    style,
  }
  const c = snapshot.contract
  const sections = [
    renderContract(context),
    renderPrices(context),
    renderFunding(context),
    renderOpenInterest(context),
    renderBook(context),
    renderMarketOrder(context),
    renderTrades(context),
    renderCandles(context),
    renderLiquidation(context),
  ]
  const rule = renderRule(
    snapshot.symbol,
    style,
    `${c.productType} · ${c.status ?? 'status unknown'}`,
  )
  return [rule, '', ...sections.flatMap((lines) => [...lines, ''])]
}

/**
 * Renders the document as text.
 *
 * @param document - The snapshot.
 * @param style - The paints (identity when colours are off).
 * @returns The text, lines joined by `\n`, ending with a newline.
 */
export function renderText(document: DemoDocument, style: Style): string {
  const header = [
    `${style.bold('perpkit demo')} · ${describeSource(document.source)}`,
    style.dim(
      `${formatDateTime(document.generatedAt)} · example size ${describeSize(document.orderSize)}`,
    ),
    '',
  ]
  const body = document.symbols.flatMap((snapshot) => renderSymbol(snapshot, style))
  return `${[...header, ...body].join('\n').trimEnd()}\n`
}
