/**
 * The recorder's metric families, shared by `worker` and `record`:
 * requests by endpoint, egress, address and status (429 and 418 included),
 * rows written by dataset, jobs processed, and lag per series.
 *
 * @module
 */
import type { FetchFunction } from '@perpkit/client'
import { type Counter, createRegistry, type MetricsRegistry, type Sample } from './registry.ts'

/** Where requests leave from, as the request counter labels them. */
interface EgressLabels {
  /** The egress name (`worker --egress`), or `local` for `record`. */
  egress: string
  /** The source address, or `default` when the system picks it. */
  address: string
}

/** The recorder's metrics. */
export interface RecorderMetrics {
  registry: MetricsRegistry
  /** `perpkit_recorder_rows_written_total{dataset}`. */
  rowsWritten: Counter
  /** `perpkit_recorder_jobs_processed_total{queue,result}`: completed, retry, failed. */
  jobsProcessed: Counter
  /**
   * A poll of a series succeeded at `at` (epoch ms).
   *
   * @param dataset - Dataset name.
   * @param symbol - Symbol.
   * @param at - When.
   */
  polled(dataset: string, symbol: string, at: number): void
  /**
   * Candles of a series were stored up to the one opening at `lastOpen`.
   *
   * @param dataset - Dataset name.
   * @param symbol - Symbol.
   * @param step - Step in minutes.
   * @param closeTime - Close time of the newest candle stored, epoch ms.
   */
  stored(dataset: string, symbol: string, step: number, closeTime: number): void
  /**
   * A fetch that counts every request it sends (each attempt of a retry too).
   *
   * @param inner - The fetch to wrap (default `globalThis.fetch`).
   * @param labels - Egress and address.
   * @returns The counting fetch.
   */
  countRequests(inner: FetchFunction | undefined, labels: EgressLabels): FetchFunction
}

/**
 * Creates the recorder's metric families.
 *
 * @param now - The clock (epoch ms) lag is measured with.
 * @returns The metrics.
 * @example
 * ```ts
 * const metrics = createRecorderMetrics(Date.now)
 * metrics.rowsWritten.inc({ dataset: 'market-trade' }, 100)
 * console.log(await metrics.registry.render())
 * ```
 */
export function createRecorderMetrics(now: () => number): RecorderMetrics {
  const registry = createRegistry()
  const requests = registry.counter(
    'perpkit_recorder_requests_total',
    'Requests sent to the API (each attempt), by endpoint, egress, source address and HTTP status (network-error when none came, aborted when the call was cancelled)',
  )
  const rowsWritten = registry.counter(
    'perpkit_recorder_rows_written_total',
    'Rows written (candles, trades, settlements, snapshot rows), by dataset',
  )
  const jobsProcessed = registry.counter(
    'perpkit_recorder_jobs_processed_total',
    'Queue jobs this worker ended, by queue and result (completed, retry: an attempt that will be retried, failed: no attempt left)',
  )
  const polls = new Map<string, { labels: Record<string, string>; at: number }>()
  const candles = new Map<string, { labels: Record<string, string>; at: number }>()
  const lag = (series: typeof polls): Sample[] =>
    [...series.values()].map(({ labels, at }) => ({
      labels,
      value: Math.max(0, (now() - at) / 1000),
    }))
  registry.gauge(
    'perpkit_recorder_poll_lag_seconds',
    'Seconds since the last successful poll of a series by this process',
    () => lag(polls),
  )
  registry.gauge(
    'perpkit_recorder_candle_lag_seconds',
    'Seconds between now and the close of the newest candle this process stored, per series',
    () => lag(candles),
  )
  return {
    registry,
    rowsWritten,
    jobsProcessed,
    polled(dataset, symbol, at) {
      polls.set(`${dataset}|${symbol}`, { labels: { dataset, symbol }, at })
    },
    stored(dataset, symbol, step, closeTime) {
      const key = `${dataset}|${symbol}|${step}`
      const seen = candles.get(key)
      if (seen === undefined || seen.at < closeTime)
        candles.set(key, { labels: { dataset, symbol, step: String(step) }, at: closeTime })
    },
    countRequests(inner, labels) {
      const send: FetchFunction = inner ?? ((url, init) => globalThis.fetch(url, init))
      return async (url, init) => {
        const endpoint = new URL(url).pathname
        try {
          const response = await send(url, init)
          requests.inc({ endpoint, ...labels, status: String(response.status) })
          return response
        } catch (error) {
          const status = init.signal?.aborted ? 'aborted' : 'network-error'
          requests.inc({ endpoint, ...labels, status })
          throw error
        }
      }
    },
  }
}
