/**
 * Text layout for an 80-column terminal: section titles, label/value grids
 * and tables with right-aligned numbers. Widths are measured on the plain
 * text; paints are applied after padding, so colours never break alignment.
 *
 * @module
 */
import type { Style } from './style.ts'

/** Width every line of the text output stays within. */
const LINE_WIDTH = 80

/** Indent of section bodies. */
const INDENT = '  '

/** Room for a line inside a section body. */
export const BODY_WIDTH = LINE_WIDTH - INDENT.length

/** A cell: plain text, or text with a paint applied after alignment. */
export type Cell = string | { text: string; paint: (text: string) => string }

/** A table column. */
export interface Column {
  header: string
  align: 'left' | 'right'
}

function textOf(cell: Cell): string {
  return typeof cell === 'string' ? cell : cell.text
}

function paintCell(cell: Cell, padded: string): string {
  if (typeof cell === 'string') return padded
  const start = padded.indexOf(cell.text)
  return padded.slice(0, start) + cell.paint(cell.text) + padded.slice(start + cell.text.length)
}

function pad(text: string, width: number, align: 'left' | 'right'): string {
  return align === 'right' ? text.padStart(width) : text.padEnd(width)
}

/**
 * A rule with a title, e.g. `── Order book ─────…`, as wide as the page.
 *
 * @param title - The title.
 * @param style - The paints.
 * @param right - Text at the right end of the rule.
 * @returns One line.
 */
export function renderRule(title: string, style: Style, right = ''): string {
  const used = 3 + title.length + 1 + (right === '' ? 0 : right.length + 2)
  const fill = '─'.repeat(Math.max(2, LINE_WIDTH - used))
  const tail = right === '' ? '' : ` ${right} `
  return `${style.dim('──')} ${style.bold(title)} ${style.dim(fill)}${tail}`.trimEnd()
}

/**
 * Joins parts with ` · `, starting a new line before `width` would be exceeded.
 *
 * @param parts - Plain-text parts (widths are measured on them).
 * @param width - Largest line length.
 * @returns The lines.
 */
export function wrapParts(parts: readonly string[], width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const part of parts) {
    const next = line === '' ? part : `${line} · ${part}`
    if (next.length > width && line !== '') {
      lines.push(line)
      line = part
    } else {
      line = next
    }
  }
  return line === '' ? lines : [...lines, line]
}

/**
 * A section title followed by an indented body.
 *
 * @returns The lines of the section.
 */
export function renderSection(title: string, body: readonly string[], style: Style): string[] {
  return [style.bold(title), ...body.map((line) => (line === '' ? '' : INDENT + line))]
}

/** One label and its value in a {@link renderPairs} grid. */
export interface Pair {
  label: string
  value: Cell
}

/**
 * Label/value pairs in two columns, each value right-aligned against its
 * column's edge: 36 characters a column, 76 with the indent and the gap.
 *
 * @param pairs - Read left to right, top to bottom.
 * @param style - The paints (labels are dimmed).
 * @returns The lines (without the section indent).
 */
export function renderPairs(pairs: readonly Pair[], style: Style): string[] {
  const columnWidth = 36
  const lines: string[] = []
  for (let i = 0; i < pairs.length; i += 2) {
    const cells = pairs.slice(i, i + 2).map(({ label, value }) => {
      const text = textOf(value)
      const width = Math.max(columnWidth - label.length - 1, text.length)
      return `${style.dim(label)} ${paintCell(value, pad(text, width, 'right'))}`
    })
    lines.push(cells.join('    '))
  }
  return lines
}

/**
 * A table: a dimmed header row and data rows, columns two spaces apart,
 * each as wide as its widest cell.
 *
 * @param columns - Headers and alignment.
 * @param rows - Cells, one array per row, as many as columns.
 * @param style - The paints.
 * @returns The lines (without the section indent), trailing spaces removed.
 */
export function renderTable(
  columns: readonly Column[],
  rows: readonly (readonly Cell[])[],
  style: Style,
): string[] {
  const widths = columns.map((column, i) =>
    Math.max(column.header.length, ...rows.map((row) => textOf(row[i] ?? '').length)),
  )
  const last = columns.length - 1
  const line = (cells: readonly Cell[], paintAll?: (text: string) => string) =>
    columns
      .map((column, i) => {
        const cell = cells[i] ?? ''
        // The last column is not padded on the right: no trailing spaces, painted or not.
        const padded =
          i === last && column.align === 'left'
            ? textOf(cell)
            : pad(textOf(cell), widths[i] ?? 0, column.align)
        return paintAll === undefined ? paintCell(cell, padded) : paintAll(padded)
      })
      .join('  ')
      .trimEnd()
  return [
    line(
      columns.map((c) => c.header),
      style.dim,
    ),
    ...rows.map((row) => line(row)),
  ]
}

/**
 * The visible width of a line: its length without ANSI escape codes.
 *
 * @returns The number of characters a terminal shows.
 */
export function visibleWidth(line: string): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching ANSI escapes is the point.
  return line.replace(/\u001b\[[0-9;]*m/g, '').length
}
