/**
 * The JSON snapshot: the document as gathered, decimals as exact strings,
 * times as epoch milliseconds.
 *
 * @module
 */
import type { DemoDocument } from './snapshot-types.ts'

/**
 * Renders the document as JSON.
 *
 * @param document - The snapshot.
 * @param compact - One line (for `--watch`: one document per line) instead of indented.
 * @returns The JSON text, ending with a newline.
 */
export function renderJson(document: DemoDocument, compact = false): string {
  return `${JSON.stringify(document, null, compact ? undefined : 2)}\n`
}
