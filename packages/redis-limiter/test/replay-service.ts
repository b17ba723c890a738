/**
 * One service process for the replay tests: node:http, `verifyNodeRequest` with the replay
 * store named on the command line (`redis` at the given URL, or `in-process`), answering
 * 200 `{apiKey}` or the live error body. Prints its URL as one line once listening. Set up as
 * the README says: the Redis client has an 'error' listener (without it, node-redis throws
 * the connection error when Redis dies and the process exits) and the verifier a
 * `replayTimeoutMs` (500 ms unless given).
 * Run with `node --import tsx test/replay-service.ts <redis-url> <redis|in-process> <run> [timeoutMs]`.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createMemoryReplayStore, liveErrorBody, verifyNodeRequest } from '@perpkit/signer'
import { createClient } from 'redis'
import { createRedisReplayStore } from '../src/index.ts'
import { serviceCredentials } from './replay-credentials.ts'

const [redisUrl = '', storeKind] = process.argv.slice(2)
const redis = await createClient({ url: redisUrl })
  .on('error', () => {})
  .connect()
const replay =
  storeKind === 'redis'
    ? createRedisReplayStore({ redis, keyPrefix: `test:replay:${process.argv[4] ?? ''}` })
    : createMemoryReplayStore()
const replayTimeoutMs = Number(process.argv[5] ?? 500)

const server = createServer(async (req, res) => {
  const result = await verifyNodeRequest(req, {
    credentials: serviceCredentials,
    replay,
    replayTimeoutMs,
  })
  res.writeHead(result.ok ? 200 : result.status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(result.ok ? { apiKey: result.apiKey } : liveErrorBody(result)))
})
server.listen(0, '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})
process.on('SIGTERM', () => {
  server.close()
  void redis.close()
})
