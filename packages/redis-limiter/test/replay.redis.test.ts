import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { signRequest } from '@perpkit/signer'
import { type RedisServer, startRedis } from '@perpkit/test-kit'
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRedisReplayStore } from '../src/index.ts'
import { serviceCredentials } from './replay-credentials.ts'

const packageDir = fileURLToPath(new URL('..', import.meta.url))
let redis: RedisServer
const children: ChildProcess[] = []

/** Starts one service process and resolves with its URL. */
async function startService(store: 'redis' | 'in-process', run: string): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/replay-service.ts', redis.url, store, run],
    { cwd: packageDir, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  children.push(child)
  const [line] = (await once(child.stdout!, 'data')) as [Buffer]
  return line.toString().trim()
}

async function send(url: string, headers: Record<string, string>) {
  const response = await fetch(`${url}/orders?symbol=BTCUSDT`, { headers })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

beforeAll(async () => {
  redis = await startRedis()
})
afterAll(async () => {
  for (const child of children) child.kill('SIGTERM')
  await redis?.close()
})

describe('two service processes sharing a Redis replay store', () => {
  it('the first to receive a signed request accepts it, the other refuses it as a replay', async () => {
    const [a, b] = await Promise.all([startService('redis', 'seq'), startService('redis', 'seq')])
    const headers = await signRequest({
      method: 'GET',
      query: 'symbol=BTCUSDT',
      credentials: serviceCredentials,
    })
    expect(await send(a, headers)).toEqual({ status: 200, body: { apiKey: 'replay-key' } })
    const second = await send(b, headers)
    expect(second.status).toBe(401)
    expect(second.body).toMatchObject({ code: 30007, data: {} })
    expect(second.body.message).toMatch(/already received/)
  })

  it('sent to both at once, exactly one accepts', async () => {
    const [a, b] = await Promise.all([startService('redis', 'race'), startService('redis', 'race')])
    const headers = await signRequest({
      method: 'GET',
      query: 'symbol=BTCUSDT',
      credentials: serviceCredentials,
    })
    const statuses = (await Promise.all([send(a, headers), send(b, headers)])).map((r) => r.status)
    expect(statuses.sort()).toEqual([200, 401])
  })

  it('with in-process stores instead, both accept the same request (the control)', async () => {
    const [a, b] = await Promise.all([
      startService('in-process', 'control'),
      startService('in-process', 'control'),
    ])
    const headers = await signRequest({
      method: 'GET',
      query: 'symbol=BTCUSDT',
      credentials: serviceCredentials,
    })
    expect((await send(a, headers)).status).toBe(200)
    expect((await send(b, headers)).status).toBe(200)
  })
})

describe('createRedisReplayStore', () => {
  it('sets a key once with the given TTL in ms, under the prefix', async () => {
    const client = await createClient({ url: redis.url }).connect()
    try {
      const store = createRedisReplayStore({ redis: client, keyPrefix: 'unit:' })
      expect(await store.setIfAbsent('sig-1', 5000)).toBe(true)
      expect(await store.setIfAbsent('sig-1', 5000)).toBe(false)
      const ttl = await client.pTTL('unit:sig-1')
      expect(ttl).toBeGreaterThan(0)
      expect(ttl).toBeLessThanOrEqual(5000)
    } finally {
      await client.close()
    }
  })

  it('rejects a missing client at creation', () => {
    expect(() => createRedisReplayStore({ redis: undefined as never })).toThrow(/needs \{ redis \}/)
  })
})
