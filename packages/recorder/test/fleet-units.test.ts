/**
 * The fleet's pure parts: the budget gate that sets how many jobs of an
 * endpoint a worker may hold, the metrics text format, error descriptions,
 * and holes against the plan.
 */
import { describe, expect, it } from 'vitest'
import { describeError } from '../src/errors.ts'
import { createBudgetGate } from '../src/many-machines/budget-gate.ts'
import { WindowState } from '../src/many-machines/coverage.ts'
import { againstPlan } from '../src/many-machines/plan-holes.ts'
import { createRecorderMetrics } from '../src/metrics/recorder-metrics.ts'
import { createRegistry } from '../src/metrics/registry.ts'

describe('the budget gate', () => {
  it('lets a worker take one more job while its queued requests fill less than one window of the budget, and none once they fill it', () => {
    const applied: number[] = []
    const gate = createBudgetGate(6, (n) => applied.push(n))
    expect(applied.at(-1)).toBe(1)
    const a = gate.begin(3)
    expect(applied.at(-1)).toBe(2) // 3 of 6 queued: room for one more job
    const b = gate.begin(3)
    expect(applied.at(-1)).toBe(2) // 6 of 6: hold what it has
    a.answered()
    expect(gate.pending).toBe(5)
    expect(applied.at(-1)).toBe(3) // a request answered: room again
    a.answered()
    a.answered()
    a.end()
    expect(applied.at(-1)).toBe(2)
    b.end() // ended with its requests unanswered (failed): they no longer count
    expect(gate.pending).toBe(0)
    expect(gate.active).toBe(0)
    expect(applied.at(-1)).toBe(1)
    b.answered()
    b.end()
    expect(gate.pending).toBe(0)
  })

  it('never lets a job with more requests than the budget hold the worker at zero jobs', () => {
    const applied: number[] = []
    const gate = createBudgetGate(2, (n) => applied.push(n))
    const big = gate.begin(3)
    expect(applied.at(-1)).toBe(1)
    big.end()
    expect(applied.at(-1)).toBe(1)
    expect(Math.min(...applied)).toBe(1)
  })
})

describe('the metrics text format', () => {
  it('renders counters and gauges with HELP and TYPE lines and escaped label values', async () => {
    const registry = createRegistry()
    const requests = registry.counter('t_requests_total', 'Requests\nsent')
    requests.inc({ endpoint: '/a', status: '200' })
    requests.inc({ status: '200', endpoint: '/a' }, 2)
    requests.inc({ endpoint: 'quote"back\\slash', status: '429' })
    registry.gauge('t_lag_seconds', 'Lag', () => [{ labels: {}, value: 1.5 }])
    registry.gauge('t_broken', 'Fails', () => {
      throw new Error('Redis unreachable')
    })
    expect(await registry.render()).toBe(
      [
        '# HELP t_requests_total Requests\\nsent',
        '# TYPE t_requests_total counter',
        't_requests_total{endpoint="/a",status="200"} 3',
        't_requests_total{endpoint="quote\\"back\\\\slash",status="429"} 1',
        '# HELP t_lag_seconds Lag',
        '# TYPE t_lag_seconds gauge',
        't_lag_seconds 1.5',
        '',
      ].join('\n'),
    )
  })

  it('counts each request by endpoint, egress, address and status, network failures included', async () => {
    let now = 10_000
    const metrics = createRecorderMetrics(() => now)
    const fetch = metrics.countRequests(
      async (url) => new Response('{}', { status: url.includes('depth') ? 429 : 200 }),
      { egress: 'office', address: '127.0.0.2' },
    )
    await fetch('http://x/contract/public/depth?symbol=A', {} as never)
    await fetch('http://x/contract/public/kline?symbol=A', {} as never)
    const failing = metrics.countRequests(
      async () => {
        throw new TypeError('fetch failed')
      },
      { egress: 'office', address: '127.0.0.2' },
    )
    await expect(failing('http://x/contract/public/kline', {} as never)).rejects.toThrow()
    metrics.polled('market-trade', 'BTCUSDT', 4_000)
    now = 10_500
    const text = await metrics.registry.render()
    expect(text).toContain(
      'perpkit_recorder_requests_total{endpoint="/contract/public/depth",egress="office",address="127.0.0.2",status="429"} 1',
    )
    expect(text).toContain(
      'perpkit_recorder_requests_total{endpoint="/contract/public/kline",egress="office",address="127.0.0.2",status="network-error"} 1',
    )
    expect(text).toContain(
      'perpkit_recorder_poll_lag_seconds{dataset="market-trade",symbol="BTCUSDT"} 6.5',
    )
  })
})

describe('describeError', () => {
  it('never gives an empty description: a refused connection names its code and inner errors', () => {
    const refused = Object.assign(
      new AggregateError(
        [
          Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), {
            code: 'ECONNREFUSED',
          }),
          Object.assign(new Error('connect ECONNREFUSED ::1:6379'), { code: 'ECONNREFUSED' }),
        ],
        '',
      ),
      { code: 'ECONNREFUSED' },
    )
    expect(describeError(refused)).toBe(
      'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:6379; connect ECONNREFUSED ::1:6379',
    )
    expect(describeError(new Error(''))).toBe('Error (no message)')
    expect(describeError('')).toBe('an unnamed failure')
    expect(describeError(new Error('Socket closed unexpectedly'))).toBe(
      'Socket closed unexpectedly',
    )
  })
})

describe('holes against the plan', () => {
  const DAY = 86_400_000
  const day = (d: number) => Date.UTC(2026, 0, d)
  const series = {
    dataset: 'kline',
    symbol: 'BTCUSDT',
    step: 1 as const,
    windows: [1, 2, 3, 4, 5, 6, 7].map((d) => ({
      start: day(d),
      until: day(d) + DAY - 60_000,
      state: d === 1 ? WindowState.empty : d <= 4 ? WindowState.stored : WindowState.planned,
    })),
  }

  it('counts the planned days missing after the last stored candle, and skips a window the API had nothing for', () => {
    const stored = {
      dataset: 'kline',
      symbol: 'BTCUSDT',
      step: 1,
      first: new Date(day(2)).toISOString(),
      last: new Date(day(4) + DAY - 60_000).toISOString(),
      rows: 3 * 1440 - 10,
      holes: 10,
    }
    const found = new Set([day(2), day(3), day(4)])
    expect(againstPlan(series, stored, found)).toEqual({
      holes: 10 + 3 * 1440,
      missing: ['2026-01-05..2026-01-07'],
    })
  })

  it('counts every planned candle of a series the tree lacks entirely', () => {
    expect(againstPlan(series, undefined, new Set())).toEqual({
      holes: 6 * 1440,
      missing: ['2026-01-02..2026-01-07'],
    })
  })
})
