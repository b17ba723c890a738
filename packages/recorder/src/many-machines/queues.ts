/**
 * One BullMQ queue per endpoint: `<queue>.<dataset>` (`perpkit-recorder.kline`,
 * `perpkit-recorder.market-trade`, ...). Budgets are per endpoint and egress,
 * so a worker serves each endpoint's queue on its own and takes a job of an
 * endpoint only while its egress has budget for it (`budget-gate.ts`): an
 * endpoint whose budget is spent never holds back another's jobs, and a job
 * waits in the queue, where any egress with budget left can take it.
 *
 * @module
 */
import type { RateLimitBudget } from '@perpkit/schemas/lite'
import { endpointRoutes } from '@perpkit/schemas/lite'
import { datasets } from '../datasets/declared/index.ts'
import type { Dataset } from '../datasets/define.ts'
import { candleDatasets, recordDatasets } from '../datasets/tables.ts'
import { polledByJobs } from './record-jobs.ts'

/** One endpoint's queue. */
export interface EndpointQueue {
  /** The dataset its jobs fill (backfill or record). */
  dataset: Dataset
  /** `<queue>.<dataset>`. */
  name: string
  /** Backfill jobs or record polls. */
  kind: 'backfill' | 'record'
}

/**
 * The queue of a dataset's jobs.
 *
 * @param base - `--queue` (default `perpkit-recorder`).
 * @param dataset - The dataset's name.
 * @returns `<base>.<dataset>`.
 * @example
 * ```ts
 * datasetQueue('perpkit-recorder', 'kline') // 'perpkit-recorder.kline'
 * ```
 */
export function datasetQueue(base: string, dataset: string): string {
  return `${base}.${dataset}`
}

/**
 * Every queue of a deployment: the candle datasets' (backfill jobs), then the
 * datasets record jobs poll.
 *
 * @param base - `--queue`.
 * @param from - The declarations (default the declared datasets).
 * @returns The queues.
 */
export function endpointQueues(base: string, from: readonly Dataset[] = datasets): EndpointQueue[] {
  return [
    ...candleDatasets(from).map((dataset) => ({
      dataset,
      name: datasetQueue(base, dataset.name),
      kind: 'backfill' as const,
    })),
    ...recordDatasets(from)
      .filter(polledByJobs)
      .map((dataset) => ({
        dataset,
        name: datasetQueue(base, dataset.name),
        kind: 'record' as const,
      })),
  ]
}

/**
 * The budget a queue's jobs spend on one egress: `--budget` for the candle
 * endpoints when given, else the endpoint table's.
 *
 * @param queue - The queue.
 * @param candleBudget - `--budget`, or undefined.
 * @returns Requests per window.
 */
export function queueBudget(
  queue: EndpointQueue,
  candleBudget: RateLimitBudget | undefined,
): RateLimitBudget {
  if (queue.kind === 'backfill' && candleBudget !== undefined) return candleBudget
  return endpointRoutes[queue.dataset.path].rateLimit
}
