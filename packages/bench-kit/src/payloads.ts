import { type SandboxProcess, spawnSandbox } from './sandbox-process.ts'

/** One payload users fetch, as the sandbox serves it with its defaults (quirks on, live formats). */
export interface SandboxPayload {
  /** e.g. `depth, 100 levels a side`. */
  name: string
  /** The endpoint path of the table. */
  path: string
  /** The full URL on the running sandbox that serves it. */
  url: string
  /** What the client method takes for the same request. */
  params: Record<string, unknown>
}

/** The sandboxes serving {@link SandboxPayload}s, and their payloads. */
export interface PayloadSandboxes {
  payloads: SandboxPayload[]
  stop(): Promise<void>
}

/**
 * Starts the sandboxes (built bin, own processes, defaults but for book depth
 * and catalog size) that serve the payloads the benchmarks measure: depth 100
 * and 1,000 levels, kline 500, details 300 and the live catalog,
 * funding-rate-history 100 and trades 100.
 *
 * @returns The payloads with their URLs, and a stop function.
 */
export async function startPayloadSandboxes(): Promise<PayloadSandboxes> {
  const started: SandboxProcess[] = []
  try {
    const small = await spawnSandbox(['--depth-levels', '100', '--contracts', '300'])
    started.push(small)
    const large = await spawnSandbox(['--depth-levels', '1000', '--contracts', 'live'])
    started.push(large)
    const endMs = Math.floor(Date.now() / 60_000) * 60_000 - 60_000
    const startMs = endMs - 499 * 60_000
    const at = (base: string, path: string, query: Record<string, string | number>) => {
      const search = new URLSearchParams(
        Object.entries(query).map(([k, v]) => [k, String(v)]),
      ).toString()
      return `${base}${path}${search ? `?${search}` : ''}`
    }
    const depth = '/contract/public/depth'
    const details = '/contract/public/details'
    const payloads: SandboxPayload[] = [
      {
        name: 'depth, 100 levels a side',
        path: depth,
        url: at(small.url, depth, { symbol: 'BTCUSDT' }),
        params: { symbol: 'BTCUSDT' },
      },
      {
        name: 'depth, 1,000 levels a side',
        path: depth,
        url: at(large.url, depth, { symbol: 'BTCUSDT' }),
        params: { symbol: 'BTCUSDT' },
      },
      {
        name: 'kline, 500 candles',
        path: '/contract/public/kline',
        url: at(small.url, '/contract/public/kline', {
          symbol: 'BTCUSDT',
          step: 1,
          start_time: startMs / 1000,
          end_time: endMs / 1000,
        }),
        params: { symbol: 'BTCUSDT', step: 1, startTime: startMs, endTime: endMs },
      },
      {
        name: 'details, 300 contracts',
        path: details,
        url: at(small.url, details, {}),
        params: {},
      },
      {
        name: 'details, the live catalog',
        path: details,
        url: at(large.url, details, {}),
        params: {},
      },
      {
        name: 'funding-rate-history, 100',
        path: '/contract/public/funding-rate-history',
        url: at(small.url, '/contract/public/funding-rate-history', {
          symbol: 'BTCUSDT',
          limit: 100,
        }),
        params: { symbol: 'BTCUSDT', limit: 100 },
      },
      {
        name: 'trades, 100',
        path: '/contract/public/market-trade',
        url: at(small.url, '/contract/public/market-trade', { symbol: 'BTCUSDT', limit: 100 }),
        params: { symbol: 'BTCUSDT', limit: 100 },
      },
    ]
    return { payloads, stop: () => Promise.all(started.map((s) => s.stop())).then(() => {}) }
  } catch (error) {
    await Promise.all(started.map((s) => s.stop()))
    throw error
  }
}

/**
 * The bytes of each payload as a client receives them uncompressed.
 *
 * @param payloads - From {@link startPayloadSandboxes}.
 * @returns Each payload's response text.
 */
export async function fetchPayloadTexts(payloads: SandboxPayload[]): Promise<string[]> {
  const texts: string[] = []
  for (const payload of payloads) {
    const response = await fetch(payload.url, { headers: { 'accept-encoding': 'identity' } })
    if (!response.ok) throw new Error(`${payload.url}: HTTP ${response.status}`)
    texts.push(await response.text())
  }
  return texts
}
