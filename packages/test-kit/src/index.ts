export { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium } from './chromium.ts'
export type { RedisServer, StartRedisOptions } from './redis.ts'
export { REDIS_SERVER, startRedis } from './redis.ts'
export type { RedisCluster, StartRedisClusterOptions } from './redis-cluster.ts'
export { startRedisCluster } from './redis-cluster.ts'
export type { Runtime } from './runtimes.ts'
export {
  bunAndDeno,
  canFetchRuntimes,
  currentNode,
  otherNodes,
  WORKERD_VERSION,
  workerd,
} from './runtimes.ts'
export type { TestHandler, TestServer } from './test-server.ts'
export { startTestServer } from './test-server.ts'
