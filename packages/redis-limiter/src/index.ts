export { RedisLimiterError } from './errors.ts'
export type { RedisStoreOptions } from './redis-store.ts'
export { createRedisStore } from './redis-store.ts'
export type { RedisReplayStore, RedisReplayStoreOptions } from './replay-store.ts'
export { createRedisReplayStore } from './replay-store.ts'
export type {
  RedisClientCommands,
  RedisClusterCommands,
  RedisCommands,
} from './run-script.ts'
export type { RedisStoreWarning } from './store-core.ts'
