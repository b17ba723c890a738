import { runSelected } from '@perpkit/bench-kit'
import { benchBackfillRate } from './backfill-rate.ts'
import { benchInsertRate } from './insert-rate.ts'
import { benchYearRss } from './year-rss.ts'

/** `tsx bench/index.ts [backfill] [insert] [rss]`: all when none is named. */
await runSelected({ backfill: benchBackfillRate, insert: benchInsertRate, rss: benchYearRss })
