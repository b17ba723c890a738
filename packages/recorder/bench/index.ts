import { runSelected } from '@perpkit/bench-kit'
import { benchBackfillRate } from './backfill-rate.ts'
import { benchHandover } from './handover.ts'
import { benchInsertRate } from './insert-rate.ts'
import { benchQueueScaling } from './queue-scaling.ts'
import { benchRecordRound } from './record-round.ts'
import { benchYearRss } from './year-rss.ts'

/**
 * `tsx bench/index.ts [rss] [insert] [backfill] [record] [handover] [queue]`: all when none is named. RSS
 * first, so no earlier benchmark's DuckDB instances or garbage sit in its samples.
 */
await runSelected({
  rss: benchYearRss,
  insert: benchInsertRate,
  backfill: benchBackfillRate,
  record: benchRecordRound,
  handover: benchHandover,
  queue: benchQueueScaling,
})
