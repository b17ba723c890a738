/**
 * `record --metrics-port`: the recorder's metrics for one machine (requests
 * by endpoint and status, rows written, lag per series) and a health check
 * that fails when no round has ended for three intervals (at least 30 s).
 *
 * @module
 */
import type { ClientOptions } from '@perpkit/client'
import type { Output } from '../progress.ts'
import { createRecorderMetrics } from './recorder-metrics.ts'
import { parseMetricsFlags, serveMetrics } from './serve-metrics.ts'

/** The flags that ask for it. */
export const recordMetricsFlags = {
  'metrics-port': { type: 'string' },
  'metrics-host': { type: 'string' },
} as const

/** Help lines of those flags. */
export const recordMetricsHelp = `  --metrics-port <n>   Serve GET /metrics (Prometheus) and GET /healthz on this port (0: any)
  --metrics-host <ip>  Address of that server (default 127.0.0.1)`

/** What `record` feeds its metrics. */
export interface RecordMetrics {
  /** The client options with the counting fetch. */
  clientOptions: ClientOptions
  /** A task stored `rows` rows of `dataset` for `symbol` (undefined for catalog tasks). */
  written(dataset: string, symbol: string | undefined, rows: number): void
  /** A round ended. */
  roundEnded(): void
  close(): Promise<void>
}

/**
 * Starts the metrics server when `--metrics-port` is given.
 *
 * @param values - `--metrics-port`, `--metrics-host`.
 * @param clientOptions - The client options to extend.
 * @param intervalMs - `--interval`.
 * @param now - The clock.
 * @param stdout - Where the server's address is announced (`{"event":"metrics","url":...}`).
 * @returns The metrics, or undefined without the flag.
 */
export async function startRecordMetrics(
  values: { 'metrics-port'?: string | undefined; 'metrics-host'?: string | undefined },
  clientOptions: ClientOptions,
  intervalMs: number,
  now: () => number,
  stdout: Output,
): Promise<RecordMetrics | undefined> {
  const at = parseMetricsFlags(values['metrics-port'], values['metrics-host'])
  if (at === undefined) return undefined
  const metrics = createRecorderMetrics(now)
  const started = now()
  let lastRound: number | undefined
  const maxSilentMs = Math.max(3 * intervalMs, 30_000)
  const health = () => {
    const since = now() - (lastRound ?? started)
    return { ok: since < maxSilentMs, lastRoundMsAgo: lastRound === undefined ? null : since }
  }
  metrics.registry.gauge('perpkit_recorder_up', '1 while record is healthy (see /healthz)', () => [
    { labels: {}, value: health().ok ? 1 : 0 },
  ])
  const server = await serveMetrics(at, metrics.registry, async () => health())
  stdout.write(`${JSON.stringify({ event: 'metrics', url: server.url })}\n`)
  return {
    clientOptions: {
      ...clientOptions,
      fetch: metrics.countRequests(clientOptions.fetch, { egress: 'local', address: 'default' }),
    },
    written(dataset, symbol, rows) {
      metrics.rowsWritten.inc({ dataset }, rows)
      metrics.polled(dataset, symbol ?? '*', now())
    },
    roundEnded() {
      lastRound = now()
    },
    close: () => server.close(),
  }
}
