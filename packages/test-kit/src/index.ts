export { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium } from './chromium.ts'
export type { RedisServer } from './redis.ts'
export { REDIS_SERVER, startRedis } from './redis.ts'
