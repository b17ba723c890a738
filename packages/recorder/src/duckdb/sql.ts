/**
 * SQL text of values the recorder itself puts into statements (paths, names).
 *
 * @module
 */

/**
 * A string literal.
 *
 * @param text - Any text.
 * @returns `'text'` with quotes doubled.
 */
export const sqlString = (text: string): string => `'${text.replaceAll("'", "''")}'`

/**
 * A list literal of strings.
 *
 * @param texts - The strings.
 * @returns `['a', 'b']`.
 */
export const sqlList = (texts: readonly string[]): string => `[${texts.map(sqlString).join(', ')}]`
