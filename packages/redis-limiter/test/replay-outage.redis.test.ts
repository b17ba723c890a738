// Redis killed (SIGKILL, as `kill -9`) under traffic, behind two service processes that share
// it as their replay store (set up as the README says). Every request is answered, those sent
// while Redis is down before it comes back (so within the verifier's timeout, not by the
// recovery), with 503 and 30014; no signed request is accepted twice, before, during or after;
// both processes stay up and accept again once Redis is back. Redis persists with
// `appendfsync always`, as the README advises, so a restart forgets no signature.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { signRequest } from '@perpkit/signer'
import { type RedisServer, startRedis } from '@perpkit/test-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serviceCredentials } from './replay-credentials.ts'

const packageDir = fileURLToPath(new URL('..', import.meta.url))
const replayTimeoutMs = 500
let redis: RedisServer
let dataDir: string
const children: ChildProcess[] = []
let services: string[] = []

async function startService(): Promise<string> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'test/replay-service.ts',
      redis.url,
      'redis',
      'outage',
      String(replayTimeoutMs),
    ],
    { cwd: packageDir, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  children.push(child)
  const [line] = (await once(child.stdout!, 'data')) as [Buffer]
  return line.toString().trim()
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'perpkit-replay-outage-'))
  redis = await startRedis({ appendOnlyDir: dataDir })
  services = await Promise.all([startService(), startService()])
})
afterAll(async () => {
  for (const child of children) child.kill('SIGTERM')
  await redis?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

interface Answer {
  id: number
  status: number
  code: number | undefined
  ms: number
  /** Whether Redis was still down when the answer arrived. */
  whileDown: boolean
}

let redisDown = false
let next = 0
const signed = new Map<number, Record<string, string>>()
const answers: Answer[] = []

/** A fresh signed GET, remembered by id so it can be replayed. */
async function fresh(): Promise<number> {
  const id = next++
  signed.set(
    id,
    await signRequest({ method: 'GET', query: `id=${id}`, credentials: serviceCredentials }),
  )
  return id
}

/** Sends request `id` to a service; a hang or a dropped connection fails the test. */
async function send(id: number, service = services[id % 2]!): Promise<Answer> {
  const started = performance.now()
  const response = await fetch(`${service}/orders?id=${id}`, {
    headers: signed.get(id)!,
    // Far beyond the verifier's timeout: only a hang reaches it.
    signal: AbortSignal.timeout(20_000),
  })
  const body = (await response.json()) as { code?: number }
  const answer = {
    id,
    status: response.status,
    code: body.code,
    ms: performance.now() - started,
    whileDown: redisDown,
  }
  answers.push(answer)
  return answer
}

/** Each request, then its replay to the other service, `count` times over `lanes` lanes. */
async function traffic(count: number, lanes = 4): Promise<void> {
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let i = 0; i < count / lanes; i++) {
        const id = await fresh()
        await Promise.all([send(id, services[0]), send(id, services[1])])
      }
    }),
  )
}

describe('the Redis replay store when Redis is killed under traffic', () => {
  it('answers every request, fails closed while down, accepts none twice, recovers', async () => {
    // Before: each request accepted once, its replay refused.
    await traffic(40)
    // Killed in the middle of traffic.
    const during = traffic(80)
    await new Promise((resolve) => setTimeout(resolve, 50))
    await redis.stop()
    redisDown = true
    await during
    // While it stays down: new requests and replays of accepted ones, answered before Redis
    // returns, each with 503 / 30014.
    const down: Answer[] = []
    for (let i = 0; i < 20; i++) down.push(await send(await fresh()))
    for (let id = 0; id < 20; id++) down.push(await send(id))
    expect(down.every((a) => a.whileDown && a.status === 503 && a.code === 30014)).toBe(true)
    for (const child of children) expect(child.exitCode).toBeNull()

    await redis.restart()
    redisDown = false
    // Recovery: fresh requests are accepted again, on both services (bounded polling).
    for (const service of services) {
      let recovered = false
      for (let attempt = 0; attempt < 200 && !recovered; attempt++) {
        recovered = (await send(await fresh(), service)).status === 200
        if (!recovered) await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(recovered).toBe(true)
    }
    // After: every request sent so far is replayed once more to each service.
    for (const id of [...signed.keys()]) await Promise.all(services.map((s) => send(id, s)))

    const accepted = new Map<number, number>()
    for (const answer of answers) {
      expect([200, 401, 503]).toContain(answer.status)
      if (answer.status === 401) expect(answer.code).toBe(30007)
      if (answer.status === 503) expect(answer.code).toBe(30014)
      if (answer.status === 200) accepted.set(answer.id, (accepted.get(answer.id) ?? 0) + 1)
    }
    expect([...accepted.values()].filter((times) => times > 1)).toEqual([])
    expect(accepted.size).toBeGreaterThan(40)
    for (const child of children) expect(child.exitCode).toBeNull()
    const slowest = Math.max(...answers.filter((a) => a.whileDown).map((a) => a.ms))
    console.log(
      `${answers.length} answers, ${answers.filter((a) => a.status === 503).length} × 503 while ` +
        `down (slowest ${slowest.toFixed(0)} ms, replayTimeoutMs ${replayTimeoutMs}), ` +
        `${accepted.size} accepted once each`,
    )
  })
})
