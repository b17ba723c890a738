/**
 * `--symbols` as freqtrade users write it: names (`BTCUSDT,ETHUSDT`), `all`,
 * or patterns (`'*USDT'`, `'BTC*'`, `?` for one character). Patterns are
 * matched against the deployment's live catalog (`details`), and a delisted
 * contract a pattern matches is skipped with a note; a name is checked as
 * before (an unknown one is refused).
 *
 * @module
 */
import type { PerpkitClient } from '@perpkit/client'
import type { Contract } from '@perpkit/schemas'
import { parseSymbols } from './cli/common.ts'
import { RecorderError } from './errors.ts'
import { checkSymbols } from './source.ts'

/** What `--symbols` asks for: names, and patterns (`all` is `*`). */
export interface SymbolSelection {
  names: string[]
  patterns: string[]
}

const PATTERN = /^[A-Z0-9_*?]{1,40}$/

/**
 * Parses `--symbols`: names, `all`, or patterns with `*` and `?` (upper-cased).
 *
 * @param value - The flag's value.
 * @returns The selection.
 * @throws {@link RecorderError} (exit 2) for an empty flag or a word that is neither.
 */
export function parseSymbolSelection(value: string | undefined): SymbolSelection {
  if (value === undefined || value.trim() === '') throw new RecorderError('--symbols is required')
  const words = [...new Set(value.split(',').map((s) => s.trim()))]
  const patterns: string[] = []
  const names: string[] = []
  for (const word of words) {
    if (word.toLowerCase() === 'all') patterns.push('*')
    else if (/[*?]/.test(word)) {
      const pattern = word.toUpperCase()
      if (!PATTERN.test(pattern))
        throw new RecorderError(
          `--symbols: ${JSON.stringify(word)} is no pattern; use letters, digits, _ and the wildcards * and ?`,
        )
      patterns.push(pattern)
    } else names.push(word)
  }
  return { names: names.length > 0 ? parseSymbols(names.join(',')) : [], patterns }
}

/**
 * A glob pattern as a test of a symbol: `*` any run of characters, `?` one.
 *
 * @param pattern - The pattern, upper-case.
 * @returns The test.
 */
export function symbolMatcher(pattern: string): (symbol: string) => boolean {
  const body = pattern.replace(/[*?]/g, (c) => (c === '*' ? '.*' : '.'))
  const regex = new RegExp(`^${body}$`)
  return (symbol) => regex.test(symbol)
}

/** The symbols a selection stands for, and the contracts its patterns matched but skipped. */
export interface ResolvedSymbols {
  symbols: string[]
  /** Delisted contracts a pattern matched, with their status. */
  skipped: { symbol: string; status: string }[]
}

/**
 * Turns a selection into symbols: names as given (checked against the
 * deployment), then what the patterns match among its trading contracts, in
 * the catalog's order, without repeats.
 *
 * @param client - The deployment's client.
 * @param selection - From {@link parseSymbolSelection}.
 * @returns The symbols and the skipped contracts.
 * @throws {@link RecorderError} (exit 2) for an unknown name or a pattern that matches nothing.
 */
export async function resolveSymbols(
  client: PerpkitClient,
  selection: SymbolSelection,
): Promise<ResolvedSymbols> {
  if (selection.names.length > 0) await checkSymbols(client, selection.names)
  if (selection.patterns.length === 0) return { symbols: selection.names, skipped: [] }
  const catalog: Contract[] = await client.getContracts()
  const symbols = new Set(selection.names)
  const skipped = new Map<string, string>()
  for (const pattern of selection.patterns) {
    const matches = symbolMatcher(pattern)
    const matched = catalog.filter((c) => matches(c.symbol))
    if (matched.length === 0)
      throw new RecorderError(
        `--symbols: ${pattern === '*' ? 'all' : JSON.stringify(pattern)} matches no contract of the deployment`,
      )
    for (const contract of matched) {
      // Older rows carry no status: they trade.
      if (contract.status === 'Delisted') skipped.set(contract.symbol, contract.status)
      else symbols.add(contract.symbol)
    }
  }
  for (const symbol of symbols) skipped.delete(symbol)
  return {
    symbols: [...symbols],
    skipped: [...skipped].map(([symbol, status]) => ({ symbol, status })),
  }
}

/**
 * The note printed when patterns skipped delisted contracts: a JSON event, or a line on a TTY.
 *
 * @param resolved - What {@link resolveSymbols} returned.
 * @returns The event's fields and its line, or undefined when nothing was skipped.
 */
export function skippedNote(
  resolved: ResolvedSymbols,
): { fields: Record<string, unknown>; line: string } | undefined {
  if (resolved.skipped.length === 0) return undefined
  const names = resolved.skipped.map((s) => s.symbol)
  const shown = names.length > 8 ? `${names.slice(0, 8).join(', ')}, …` : names.join(', ')
  return {
    fields: {
      event: 'skipped',
      reason: 'delisted',
      symbols: names,
      selected: resolved.symbols.length,
    },
    line: `skipping ${names.length} delisted contract${names.length > 1 ? 's' : ''} (${shown}); ${resolved.symbols.length} selected`,
  }
}
