import { runSelected } from '@perpkit/bench-kit'
import { benchBackfillRate } from './backfill-rate.ts'
import { benchInsertRate } from './insert-rate.ts'
import { benchQueueScaling } from './queue-scaling.ts'
import { benchYearRss } from './year-rss.ts'

/** `tsx bench/index.ts [backfill] [insert] [rss] [queue]`: all when none is named. */
await runSelected({
  backfill: benchBackfillRate,
  insert: benchInsertRate,
  rss: benchYearRss,
  queue: benchQueueScaling,
})
