import { CONTENDERS } from './contenders.ts'

/** The summary's header; each row gives every contender's time as a ratio to fetch + JSON.parse. */
export function printSummary(title: string, rows: string[]): void {
  console.log(`\n### ${title}: time / fetch + JSON.parse (target: perpkit <= both SDKs)\n`)
  console.log(`| payload | ${CONTENDERS.slice(1).join(' | ')} | perpkit vs SDKs |`)
  console.log(
    `|---|${CONTENDERS.slice(1)
      .map(() => '---:')
      .join('|')}|---|`,
  )
  console.log(rows.join('\n'))
}

/**
 * One summary row from means per contender name (the baseline's included).
 *
 * @param payload - The payload's name.
 * @param means - Mean or median ms per contender name.
 * @returns A Markdown table row.
 */
export function ratioRow(payload: string, means: Map<string, number>): string {
  const base = means.get(CONTENDERS[0]) as number
  const cell = (name: string) => {
    const value = means.get(name)
    return value === undefined ? 'n/a' : `${(value / base).toFixed(2)}x`
  }
  const perpkit = means.get('perpkit') as number
  const sdks = ['official SDK 1.0.1', 'bitmart-api 2.5.1']
    .map((name) => means.get(name))
    .filter((value): value is number => value !== undefined)
  const verdict = sdks.every((value) => perpkit <= value) ? 'ok' : 'MISSED'
  return `| ${payload} | ${CONTENDERS.slice(1).map(cell).join(' | ')} | ${verdict} |`
}
