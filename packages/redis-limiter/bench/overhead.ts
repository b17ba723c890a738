import { compareInterleaved } from '@perpkit/bench-kit'
import { createClient, InProcessRateLimitStore, type RateLimitStore } from '@perpkit/client'
import { startSandbox } from '@perpkit/sandbox'
import { startRedis } from '@perpkit/test-kit'
import { createClient as createRedisClient } from 'redis'
import { createRedisStore } from '../src/index.ts'

const DEPTH = '/contract/public/depth'
/** A budget nothing waits for: the benchmark times the store, not the pacing. */
const roomy = { limit: 1_000_000, windowMs: 100 }

/**
 * What the Redis store adds per request, against the in-process store in the
 * same run: a slot alone (acquire + release), and a whole depth request to a
 * sandbox on loopback. A bare Redis PING shows the round trip underneath.
 */
export async function benchOverhead(): Promise<void> {
  const server = await startRedis()
  const sandbox = await startSandbox({ seed: 7, quiet: true, rateLimit: false })
  const redis = await createRedisClient({ url: server.url })
    .on('error', () => {})
    .connect()
  try {
    const inProcess = new InProcessRateLimitStore()
    const shared = createRedisStore({ redis })
    const slot = (store: RateLimitStore) => async () => {
      ;(await store.acquire('bench', roomy)).release()
    }
    await compareInterleaved({
      title: 'rate-limit slot: acquire + release',
      baseline: { name: 'in-process store', fn: slot(inProcess) },
      cases: [
        { name: 'Redis store', fn: slot(shared) },
        { name: 'Redis PING (one round trip)', fn: () => redis.ping() },
      ],
    })
    const client = (store: RateLimitStore) =>
      createClient({ baseUrl: sandbox.url, rateLimit: { budgets: { [DEPTH]: roomy }, store } })
    const viaInProcess = client(inProcess)
    const viaRedis = client(shared)
    await compareInterleaved({
      title: 'depth request to a loopback sandbox, by rate-limit store',
      baseline: {
        name: 'in-process store',
        fn: () => viaInProcess.getDepth({ symbol: 'BTCUSDT' }),
      },
      cases: [{ name: 'Redis store', fn: () => viaRedis.getDepth({ symbol: 'BTCUSDT' }) }],
    })
  } finally {
    redis.destroy()
    await sandbox.close()
    await server.close()
  }
}
