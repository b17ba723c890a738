import { describe, expect, it } from 'vitest'
import type * as z from 'zod/mini'
import { describeIssues, endpoints } from '../src/index.ts'

const kline = endpoints['/contract/public/kline']
const HOUR = 3_600_000
/** 2026-01-01T00:00:00Z, in ms and in wire seconds. */
const T0 = Date.UTC(2026, 0, 1)
const T0_SECONDS = T0 / 1000

function messagesOf(schema: z.ZodMiniType, input: unknown) {
  const r = schema.safeParse(input)
  if (r.success) throw new Error('expected the params to be refused')
  return describeIssues(r.error.issues, input).map((i) => `${i.path}: ${i.expected}`)
}

describe('kline params', () => {
  it('turns ms and Date into wire seconds and aliases into minutes', () => {
    expect(
      kline.params.parse({
        symbol: 'BTCUSDT',
        step: '4h',
        startTime: new Date(T0),
        endTime: T0 + 10 * HOUR,
      }),
    ).toEqual({
      symbol: 'BTCUSDT',
      step: 240,
      start_time: T0_SECONDS,
      end_time: T0_SECONDS + 36000,
    })
  })

  it.each([
    ['1m', 1],
    ['1h', 60],
    ['1d', 1440],
    ['1w', 10080],
    [15, 15],
  ] as const)('accepts step %j as %d minutes', (step, minutes) => {
    expect(kline.params.parse({ symbol: 'X', step, startTime: T0, endTime: T0 }).step).toBe(minutes)
  })

  it('names every bad field at once with a message that teaches', () => {
    expect(messagesOf(kline.params, { symbol: ' ', step: 7, startTime: -1, endTime: 1.5 })).toEqual(
      [
        'symbol: symbol must be a non-empty string without spaces, such as "BTCUSDT"',
        "step: step must be one of 1, 3, 5, 15, 30, 60, 120, 240, 360, 720, 1440, 4320, 10080 (minutes) or '1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '6h', '12h', '1d', '3d', '1w'",
        'startTime: must be epoch milliseconds (a non-negative integer) or a valid Date',
        'endTime: must be epoch milliseconds (a non-negative integer) or a valid Date',
      ],
    )
  })

  it('refuses startTime after endTime', () => {
    expect(
      messagesOf(kline.params, { symbol: 'X', step: 1, startTime: T0 + HOUR, endTime: T0 }),
    ).toEqual(['startTime: startTime must not be after endTime'])
  })

  it('refuses a window of more than 500 candles instead of letting the server cut it', () => {
    expect(
      messagesOf(kline.params, {
        symbol: 'X',
        step: '1m',
        startTime: T0,
        endTime: T0 + 500 * 60_000,
      }),
    ).toEqual([
      'endTime: the window holds 501 candles but one request returns at most 500: narrow it, or use iterKlines / getKlineRange for any range',
    ])
    expect(
      kline.params.safeParse({ symbol: 'X', step: '1m', startTime: T0, endTime: T0 + 499 * 60_000 })
        .success,
    ).toBe(true)
  })

  it('refuses times in epoch seconds (the wire unit), saying to pass milliseconds or a Date', () => {
    expect(
      messagesOf(kline.params, {
        symbol: 'X',
        step: 1,
        startTime: T0_SECONDS,
        endTime: T0_SECONDS + 3600,
      }),
    ).toEqual([
      'startTime: looks like epoch seconds: pass epoch milliseconds or a Date, not seconds (the client converts to the wire unit)',
      'endTime: looks like epoch seconds: pass epoch milliseconds or a Date, not seconds (the client converts to the wire unit)',
    ])
  })

  it('refuses an invalid Date', () => {
    expect(
      kline.params.safeParse({ symbol: 'X', step: 1, startTime: new Date('nope'), endTime: T0 })
        .success,
    ).toBe(false)
  })
})

describe('limits', () => {
  const trades = endpoints['/contract/public/market-trade']
  const history = endpoints['/contract/public/funding-rate-history']

  it('passes a valid limit and leaves it out when not given', () => {
    expect(trades.params.parse({ symbol: 'X', limit: 100 })).toEqual({ symbol: 'X', limit: 100 })
    expect(trades.params.parse({ symbol: 'X' })).toEqual({ symbol: 'X' })
  })

  it.each([0, 101, 2.5])('refuses trade limit %d', (limit) => {
    expect(trades.params.safeParse({ symbol: 'X', limit }).success).toBe(false)
  })

  it('says what the maximum is', () => {
    expect(messagesOf(history.params, { symbol: 'X', limit: 500 })).toEqual([
      "limit: limit must be at most 100 (the interface's maximum)",
    ])
  })

  it.each([0, -3, 2.5, '10', null])('gives the range for limit %j, one message only', (limit) => {
    expect(messagesOf(history.params, { symbol: 'X', limit })).toEqual([
      'limit: limit must be an integer from 1 to 100',
    ])
  })

  it('says what the maximum is in a received query too', () => {
    expect(messagesOf(history.query, { symbol: 'X', limit: '500' })).toEqual([
      "limit: limit must be at most 100 (the interface's maximum)",
    ])
  })
})

describe('symbols', () => {
  it('makes symbol optional only where the spec does (details, leverage-bracket)', () => {
    expect(endpoints['/contract/public/details'].params.parse({})).toEqual({})
    expect(endpoints['/contract/public/leverage-bracket'].params.parse({})).toEqual({})
    expect(endpoints['/contract/public/depth'].params.safeParse({}).success).toBe(false)
  })
})

describe('server-side query schemas (what a server receives: strings)', () => {
  it('parses a kline query and refuses a bad step by its path', () => {
    expect(
      kline.query.parse({ symbol: 'BTCUSDT', step: '60', start_time: '0', end_time: '3600' }),
    ).toEqual({ symbol: 'BTCUSDT', step: 60, start_time: 0, end_time: 3600 })
    const bad = kline.query.safeParse({
      symbol: 'BTCUSDT',
      step: '7',
      start_time: '0',
      end_time: '1',
    })
    expect(bad.error?.issues[0]?.path).toEqual(['step'])
  })

  it('refuses start_time after end_time and non-integer times', () => {
    const reversed = kline.query.safeParse({
      symbol: 'X',
      step: '1',
      start_time: '9',
      end_time: '1',
    })
    expect(reversed.error?.issues[0]?.path).toEqual(['start_time'])
    const word = kline.query.safeParse({
      symbol: 'X',
      step: '1',
      start_time: 'soon',
      end_time: '1',
    })
    expect(word.error?.issues[0]?.path).toEqual(['start_time'])
  })

  it('reports a missing symbol at path symbol', () => {
    const r = endpoints['/contract/public/depth'].query.safeParse({})
    expect(r.error?.issues[0]?.path).toEqual(['symbol'])
  })

  it('round-trips: what params produce, the query schema accepts unchanged', () => {
    const wire = kline.params.parse({
      symbol: 'BTCUSDT',
      step: '1h',
      startTime: T0,
      endTime: T0 + 5 * HOUR,
    })
    const received = Object.fromEntries(Object.entries(wire).map(([k, v]) => [k, String(v)]))
    expect(kline.query.parse(received)).toEqual(wire)
  })
})
