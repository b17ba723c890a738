import { createRequire } from 'node:module'
import { type CompareResult, compareInterleaved, spawnSandbox } from '@perpkit/bench-kit'
import ky from 'ky'
import { createClient, type PerpkitClient } from '../src/index.ts'

const require = createRequire(import.meta.url)

/** The official SDK, for the side-by-side cases. */
interface OfficialFutures {
  getDepth(symbol: string): Promise<unknown>
  getKline(symbol: string, start: number, end: number, options: { step: number }): Promise<unknown>
  getDetails(): Promise<unknown>
}

const OFFICIAL = '@bitmartexchange/bitmart-node-sdk-api'

/** One payload: its URL, and the same request through perpkit and through the official SDK. */
interface Payload {
  title: string
  url: string
  /** Rounds and calls per round: fewer for the payloads that take milliseconds to serve. */
  rounds?: number
  batch?: number
  perpkit: (client: PerpkitClient) => Promise<unknown>
  official: (sdk: OfficialFutures) => Promise<unknown>
}

/**
 * Per-request time of the client (validation and normalization included)
 * next to global fetch + JSON.parse of the same URL, ky + JSON.parse (what
 * ky alone costs) and the official SDK (which validates nothing), interleaved,
 * the sandbox in its own process. The summary gives perpkit / ky and
 * perpkit / fetch per payload, from depth 100 to details of the live catalog.
 */
export async function benchPerRequest(): Promise<void> {
  const small = await spawnSandbox(['--depth-levels', '100', '--contracts', '300'])
  const large = await spawnSandbox(['--depth-levels', '1000', '--contracts', 'live'])
  try {
    const now = Date.now()
    const start = Math.floor((now - 499 * 60_000) / 1000)
    const end = Math.floor(now / 1000)
    const klineParams = {
      symbol: 'BTCUSDT',
      step: 1,
      startTime: start * 1000,
      endTime: end * 1000,
    } as const
    const depth = (url: string, levels: number): Payload => ({
      title: `depth, ${levels} levels a side`,
      url: `${url}/contract/public/depth?symbol=BTCUSDT`,
      perpkit: (client) => client.getDepth({ symbol: 'BTCUSDT' }),
      official: (sdk) => sdk.getDepth('BTCUSDT'),
    })
    const details = (url: string, what: string): Payload => ({
      title: `details, ${what}`,
      url: `${url}/contract/public/details`,
      perpkit: (client) => client.getContracts(),
      official: (sdk) => sdk.getDetails(),
      rounds: 25,
      batch: 4,
    })
    const payloads: [baseUrl: string, Payload][] = [
      [small.url, depth(small.url, 100)],
      [large.url, depth(large.url, 1000)],
      [
        small.url,
        {
          title: 'kline, 500 candles',
          url: `${small.url}/contract/public/kline?symbol=BTCUSDT&step=1&start_time=${start}&end_time=${end}`,
          perpkit: (client) => client.getKlines(klineParams),
          official: (sdk) => sdk.getKline('BTCUSDT', start, end, { step: 1 }),
        },
      ],
      [small.url, details(small.url, '300 contracts')],
      [large.url, details(large.url, 'the live catalog')],
    ]
    const { BitmartFuturesAPI } = require(OFFICIAL) as {
      BitmartFuturesAPI: new (options: object) => OfficialFutures
    }
    const quiet = { info() {}, log() {}, warn() {}, error() {} }
    const summary: string[] = []
    for (const [baseUrl, payload] of payloads) {
      const client = createClient({ baseUrl, rateLimit: false })
      const sdk = new BitmartFuturesAPI({ baseURL: baseUrl, logger: quiet })
      const result = await compareInterleaved({
        title: `${payload.title}: per request`,
        ...(payload.rounds === undefined ? {} : { rounds: payload.rounds }),
        ...(payload.batch === undefined ? {} : { batch: payload.batch }),
        baseline: {
          name: 'fetch + JSON.parse',
          fn: async () => JSON.parse(await (await fetch(payload.url)).text()),
        },
        cases: [
          { name: 'ky + JSON.parse', fn: async () => JSON.parse(await ky(payload.url).text()) },
          { name: `${OFFICIAL} (validates nothing)`, fn: () => payload.official(sdk) },
          { name: 'perpkit (validated, normalized)', fn: () => payload.perpkit(client) },
        ],
      })
      summary.push(summaryRow(payload.title, result))
    }
    console.log(
      '\n### perpkit per request, summary (targets: / ky <= 1.10, / official SDK <= 1.00)\n',
    )
    console.log(
      '| payload | perpkit / fetch | perpkit / ky | perpkit / official SDK | ky / fetch |',
    )
    console.log('|---|---:|---:|---:|---:|')
    console.log(summary.join('\n'))
  } finally {
    await Promise.all([small.stop(), large.stop()])
  }
}

function summaryRow(title: string, { rows }: CompareResult): string {
  const [fetchRow, kyRow, officialRow, perpkitRow] = rows.map((row) => row.meanMs) as [
    number,
    number,
    number,
    number,
  ]
  const ratio = (value: number, target?: number) =>
    `${value.toFixed(2)}x${target === undefined ? '' : value <= target ? ' ok' : ' MISSED'}`
  return `| ${title} | ${ratio(perpkitRow / fetchRow)} | ${ratio(perpkitRow / kyRow, 1.1)} | ${ratio(
    perpkitRow / officialRow,
    1,
  )} | ${ratio(kyRow / fetchRow)} |`
}
