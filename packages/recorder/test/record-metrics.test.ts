/**
 * `record --metrics-port`: Prometheus metrics and a health check served over
 * real HTTP while `record` polls a real sandbox, on an injected clock.
 */
import { join } from 'node:path'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cli, jsonLines, tempDir } from './helpers.ts'

const START = Date.UTC(2026, 0, 10)
const TRADES = '/contract/public/market-trade'
let clock = START
let sandbox: Sandbox
const tmp = tempDir()

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 3, quiet: true, rateLimit: false, now: () => clock })
})
afterAll(async () => {
  await sandbox.close()
  tmp.cleanup()
})

describe('record --metrics-port', () => {
  it('serves requests by endpoint and status (429 included), rows written and lag per series, and a health check that fails when rounds stop', async () => {
    clock = START
    let out = ''
    const seen: { metrics: string[]; health: [number, Record<string, unknown>][] } = {
      metrics: [],
      health: [],
    }
    const url = () => jsonLines(out).find((e) => e.event === 'metrics')?.url as string
    const look = async () => {
      seen.metrics.push(await (await fetch(`${url()}/metrics`)).text())
      const health = await fetch(`${url()}/healthz`)
      seen.health.push([health.status, (await health.json()) as Record<string, unknown>])
    }
    let sleeps = 0
    const code = await cli(
      [
        ...['record', '--db', join(tmp.dir, 'metrics.duckdb'), '--base-url', sandbox.url],
        ...['--symbols', 'BTCUSDT', '--interval', '5', '--rounds', '3', '--metrics-port', '0'],
      ],
      {
        stdout: {
          write: (s) => {
            out += s
          },
          isTTY: false,
        },
        now: () => clock,
        clientOptions: { retry: 0 },
        sleep: async (ms) => {
          sleeps++
          await look()
          if (sleeps === 1) sandbox.faults.add(TRADES, { kind: 'rate-limit' }, 1)
          // Rounds stop for two minutes (a stuck network, a frozen disk): unhealthy.
          clock += sleeps === 2 ? 120_000 : ms
          if (sleeps === 2) await look()
        },
      },
    ).then((r) => r.code)
    expect(code).toBe(0)

    const [first, second] = seen.metrics
    expect(first).toContain('# TYPE perpkit_recorder_requests_total counter')
    expect(first).toMatch(
      /perpkit_recorder_requests_total\{endpoint="\/contract\/public\/market-trade",egress="local",address="default",status="200"\} 1\n/,
    )
    expect(first).toMatch(
      /perpkit_recorder_rows_written_total\{dataset="market-trade"\} [1-9]\d*\n/,
    )
    expect(first).toContain(
      'perpkit_recorder_poll_lag_seconds{dataset="market-trade",symbol="BTCUSDT"} 0\n',
    )
    expect(second).toMatch(
      /perpkit_recorder_requests_total\{endpoint="\/contract\/public\/market-trade",egress="local",address="default",status="429"\} 1\n/,
    )
    expect(seen.health[0]).toEqual([200, { ok: true, lastRoundMsAgo: 0 }])
    expect(seen.health.at(-1)).toEqual([503, { ok: false, lastRoundMsAgo: 120_000 }])
    // The server is gone once record stops.
    await expect(fetch(`${url()}/healthz`)).rejects.toThrow()
  })
})
