/**
 * What the launcher serves the page in archive mode (`--archive <file>`),
 * shared by the server (which writes it) and the page (which reads it): the
 * endpoints, their query parameters and their JSON. Prices and amounts travel
 * as exact decimal strings, times as epoch ms, in the API's own shapes.
 *
 * @module
 */
import type { Depth, FundingRateRecord, Kline, OpenInterest, Trade } from '@perpkit/schemas'

/** The archive endpoints, under the page's origin. */
export const ARCHIVE_PATHS = {
  /** Every stored series: {@link ArchiveContentsReply}. */
  contents: '/archive/contents.json',
  /** `?symbol=&step=` (minutes): {@link ArchiveCandlesReply}. */
  candles: '/archive/candles.json',
  /** `?symbol=`: {@link ArchiveFundingReply}. */
  funding: '/archive/funding.json',
  /** `?symbol=&every=snapshot|hour|day`: {@link ArchiveOpenInterestReply}. */
  openInterest: '/archive/open-interest.json',
  /** `?symbol=`: {@link ArchiveTradesReply}. */
  trades: '/archive/trades.json',
  /** `?symbol=[&at=]` (ms: the snapshot at or before it; the newest without): {@link ArchiveDepthReply}. */
  depth: '/archive/depth.json',
  /** `?symbol=`: {@link ArchiveGapsReply}. */
  gaps: '/archive/gaps.json',
} as const

/** Most trades one reply carries: the newest of the series (the reply says how many it holds). */
export const MAX_ARCHIVE_TRADES = 200

/** Most candles one reply carries: the newest of the series (the reply says how many it holds). */
export const MAX_ARCHIVE_CANDLES = 20_000

/** Open-interest resolutions the page offers. */
export const OPEN_INTEREST_EVERY = ['snapshot', 'hour', 'day'] as const

/** One of {@link OPEN_INTEREST_EVERY}. */
export type OpenInterestEvery = (typeof OPEN_INTEREST_EVERY)[number]

/** A stored series: first and last time (ms), rows. */
interface Series {
  first: number
  last: number
  rows: number
}

/** `GET /archive/contents.json`. */
export interface ArchiveContentsReply {
  /** The archive's file name (not its path). */
  file: string
  candles: (Series & { dataset: string; symbol: string; step: number })[]
  funding: (Series & { symbol: string })[]
  openInterest: (Series & { symbol: string })[]
  trades: (Series & { symbol: string })[]
  /** Depth snapshots by symbol (`rows`: snapshots). */
  depth: (Series & { symbol: string })[]
  /** Gap rows by dataset and symbol. */
  gaps: (Series & { dataset: string; symbol: string })[]
}

/** `GET /archive/candles.json`: market-price candles and mark-price candles, oldest first. */
export interface ArchiveCandlesReply {
  symbol: string
  step: number
  candles: Kline[]
  markCandles: Kline[]
  /** Candles the series holds: more than `candles.length` when only the newest were sent. */
  total: number
}

/** `GET /archive/funding.json`: every settlement stored, oldest first. */
export interface ArchiveFundingReply {
  symbol: string
  settlements: FundingRateRecord[]
}

/** `GET /archive/open-interest.json`: oldest first. */
export interface ArchiveOpenInterestReply {
  symbol: string
  every: OpenInterestEvery
  points: OpenInterest[]
}

/** `GET /archive/trades.json`: the newest trades stored, oldest first. */
export interface ArchiveTradesReply {
  symbol: string
  trades: Trade[]
  /** Trades the series holds: more than `trades.length` when only the newest were sent. */
  total: number
}

/** A recorded depth snapshot: the API's `Depth` and when the recorder polled it (ms). */
export interface ArchiveDepthSnapshot extends Depth {
  recordedAt: number
}

/** `GET /archive/depth.json`: one recorded snapshot, or null when none is stored (before `at`). */
export interface ArchiveDepthReply {
  symbol: string
  snapshot: ArchiveDepthSnapshot | null
}

/** A span the recorder did not capture, ms. */
interface ArchiveGap {
  dataset: string
  symbol: string
  from: number
  to: number
  recordedAt: number
}

/** `GET /archive/gaps.json`: the symbol's gap rows, oldest first. */
export interface ArchiveGapsReply {
  symbol: string
  gaps: ArchiveGap[]
}

/**
 * An error reply (any status but 200): why, and a line to show. `reason` is
 * the recorder's `ArchiveError` reason (`locked`, `missing`, ...) or `bad-request`.
 */
export interface ArchiveErrorReply {
  error: { reason: string; message: string }
}
