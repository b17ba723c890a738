/**
 * Candle datasets: the shared `candles` table and `defineCandles`, which
 * completes a candle dataset's declaration from its endpoint row.
 *
 * @module
 */
import type { PerpkitClient } from '@perpkit/client'
import type { Kline } from '@perpkit/schemas'
import type { ClientMethodName, EndpointPath } from '@perpkit/schemas/lite'
import { type CandleDataset, type CandleWindow, fromRoute } from './define.ts'
import type { TableDeclaration } from './table.ts'

/** The `candles` table every candle dataset shares. */
export const CANDLE_TABLE = {
  table: 'candles',
  shared: true,
  unkeyed: true,
  columns: {
    step: 'integer',
    open_time: 'time',
    open: 'decimal',
    high: 'decimal',
    low: 'decimal',
    close: 'decimal',
    volume: 'decimal',
  },
  key: ['step', 'open_time'],
  time: 'open_time',
} as const satisfies TableDeclaration

/**
 * The declaration of a candle dataset: how one window is requested.
 *
 * @typeParam P - The endpoint path.
 */
export interface CandleSpec<P extends EndpointPath> {
  kind: 'candles'
  /** A name other than the path's last segment. */
  name?: string
  /**
   * Requests one window.
   *
   * @param client - The client.
   * @param method - The row's client method (`client[method]` is this endpoint's).
   * @param window - Symbol, step, first and last open time.
   * @param signal - Aborts the request.
   */
  request(
    client: PerpkitClient,
    method: ClientMethodName<P>,
    window: CandleWindow,
    signal: AbortSignal | undefined,
  ): Promise<Kline[]>
}

/**
 * Completes a candle dataset's declaration from its endpoint row.
 *
 * @param path - The endpoint path.
 * @param spec - How a window is requested.
 * @returns The dataset.
 * @example
 * ```ts
 * const kline = defineCandles('/contract/public/kline', {
 *   kind: 'candles',
 *   request: (client, method, w, signal) => client[method](w, signal ? { signal } : {}),
 * })
 * ```
 */
export function defineCandles<const P extends EndpointPath>(
  path: P,
  spec: CandleSpec<P>,
): CandleDataset<P> {
  const { name, clientMethod, maxRecords } = fromRoute(path, spec.name)
  return {
    ...CANDLE_TABLE,
    kind: 'candles',
    name,
    path,
    clientMethod,
    maxRecords,
    timeColumn: CANDLE_TABLE.time,
    fetchWindow: async (client, window, signal) => {
      const candles = await spec.request(client, clientMethod, window, signal)
      return candles.filter((c) => c.timestamp >= window.startTime && c.timestamp <= window.endTime)
    },
  }
}
