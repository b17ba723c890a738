/**
 * One service process for the Redis outage test, set up as the README says: a node-redis
 * client with an 'error' listener, `createRedisReplayStore`, and `verifyNodeRequest` with a
 * `replayTimeoutMs`. Answers 200 `{apiKey}` or the live error body; prints its URL once
 * listening. Run with `node --import tsx test/replay-outage-service.ts <redis-url> <timeoutMs>`.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { liveErrorBody, verifyNodeRequest } from '@perpkit/signer'
import { createClient } from 'redis'
import { createRedisReplayStore } from '../src/index.ts'
import { serviceCredentials } from './replay-credentials.ts'

const [redisUrl = '', timeout = '500'] = process.argv.slice(2)
const redis = createClient({ url: redisUrl })
// Without this listener node-redis throws the connection error when Redis dies: the process
// would exit. With it, the client reconnects by itself.
redis.on('error', () => {})
await redis.connect()
const replay = createRedisReplayStore({ redis, keyPrefix: 'outage:' })

const server = createServer(async (req, res) => {
  const result = await verifyNodeRequest(req, {
    credentials: serviceCredentials,
    replay,
    replayTimeoutMs: Number(timeout),
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
