import { CONTENDERS } from './contenders.ts'

/** The largest share of a fetch perpkit's own layers above ky may cost, decode aside. */
const OWN_LAYERS_TARGET = 0.05

/**
 * The summary's header; each row gives every contender's time as a ratio to
 * fetch + JSON.parse, then what perpkit adds above ky as the client
 * configures it: `decodeData`, and the rest (params, limiter, body reading
 * within the limit, envelope, errors, promise layers).
 */
export function printSummary(title: string, rows: string[]): void {
  console.log(`\n### ${title}: time / fetch + JSON.parse (target: perpkit <= both SDKs)\n`)
  console.log(
    `| payload | ${CONTENDERS.slice(1).join(' | ')} | perpkit vs SDKs | decode | own layers above ky, decode aside (<= ${OWN_LAYERS_TARGET}) |`,
  )
  console.log(
    `|---|${CONTENDERS.slice(1)
      .map(() => '---:')
      .join('|')}|---|---:|---|`,
  )
  console.log(rows.join('\n'))
}

/**
 * One summary row from means per contender name (the baseline's included).
 *
 * @param payload - The payload's name.
 * @param means - Mean or median ms per contender name.
 * @param decodeMs - `decodeData`'s time on this payload (fresh objects), when measured.
 * @returns A Markdown table row.
 */
export function ratioRow(payload: string, means: Map<string, number>, decodeMs?: number): string {
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
  const ky = means.get(CONTENDERS[1]) as number
  const own = decodeMs === undefined ? undefined : (perpkit - ky - decodeMs) / base
  const ownCell =
    own === undefined ? 'n/a' : `${own.toFixed(3)} ${own <= OWN_LAYERS_TARGET ? 'ok' : 'MISSED'}`
  const decodeCell = decodeMs === undefined ? 'n/a' : (decodeMs / base).toFixed(3)
  return `| ${payload} | ${CONTENDERS.slice(1).map(cell).join(' | ')} | ${verdict} | ${decodeCell} | ${ownCell} |`
}
