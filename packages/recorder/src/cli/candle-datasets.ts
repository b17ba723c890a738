/**
 * `--datasets` of the candle commands (`backfill`, `erase`): `kline`,
 * `markprice-kline`, or both by default.
 *
 * @module
 */
import { datasets as declared } from '../datasets/declared/index.ts'
import type { CandleDataset } from '../datasets/define.ts'
import { candleDatasets } from '../datasets/tables.ts'
import { RecorderError } from '../errors.ts'

const CANDLE_DATASETS = candleDatasets(declared)

/** The candle datasets' names, for the help: `kline,markprice-kline`. */
export const CANDLE_NAMES = CANDLE_DATASETS.map((d) => d.name).join(',')

/**
 * Parses `--datasets` of a candle command.
 *
 * @param value - The flag's value.
 * @returns The datasets, all of them when omitted.
 * @throws {@link RecorderError} (exit 2) for a name that is not a candle dataset.
 */
export function pickCandleDatasets(value: string | undefined): CandleDataset[] {
  if (value === undefined) return CANDLE_DATASETS
  return value.split(',').map((name) => {
    const found = CANDLE_DATASETS.find((d) => d.name === name.trim())
    if (found === undefined)
      throw new RecorderError(
        `--datasets: unknown ${JSON.stringify(name)}; use ${CANDLE_DATASETS.map((d) => d.name).join(', ')}`,
      )
    return found
  })
}
