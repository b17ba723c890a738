import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '../src/index.ts'
import { clockUntilAnswered } from './fake-clock.ts'
import { call, NOW } from './helpers.ts'

let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false, now: () => NOW })
})

afterAll(async () => {
  await sandbox.close()
})

afterEach(() => {
  sandbox.faults.clear()
})

const DEPTH = '/contract/public/depth' as const
const query = { symbol: 'BTCUSDT' }

describe('the control route /__sandbox/faults', () => {
  const control = `/__sandbox/faults`

  it('POST queues a fault and answers the envelope with the pending faults', async () => {
    const reply = await call(
      sandbox.url,
      control,
      {},
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: DEPTH, kind: 'latency', count: 2, latencyMs: 100 }),
      },
    )
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({
      code: 1000,
      message: 'Ok',
      data: {
        pending: [{ path: DEPTH, fault: { kind: 'latency', latencyMs: 100 }, remaining: 2 }],
      },
    })
    const delayed = await clockUntilAnswered(() => call(sandbox.url, DEPTH, query))
    expect(delayed.reply.status).toBe(200)
    expect(delayed.waitedMs).toBeGreaterThanOrEqual(100)
  })

  it('GET lists and DELETE clears the queued faults', async () => {
    await call(
      sandbox.url,
      control,
      {},
      { method: 'POST', body: JSON.stringify({ path: '*', kind: 'reset' }) },
    )
    const listed = await call(sandbox.url, control)
    expect(listed.body.data).toEqual({
      pending: [{ path: '*', fault: { kind: 'reset' }, remaining: 1 }],
    })
    const cleared = await call(sandbox.url, control, {}, { method: 'DELETE' })
    expect(cleared.body.data).toEqual({ pending: [] })
    expect((await call(sandbox.url, DEPTH, query)).status).toBe(200)
  })

  it('answers 400 / 40007 for a bad fault description and 405 for another method', async () => {
    for (const body of [
      '{',
      '[]',
      JSON.stringify({ path: DEPTH, kind: 'nope' }),
      JSON.stringify({ kind: 'reset' }),
    ]) {
      const reply = await call(sandbox.url, control, {}, { method: 'POST', body })
      expect(reply.status).toBe(400)
      expect(reply.body.code).toBe(40007)
    }
    expect((await call(sandbox.url, control, {}, { method: 'PUT' })).status).toBe(405)
  })
})
