/**
 * The archive endpoints of the page's server (`--archive <file>`): each
 * request opens the recorder's archive read-only with the recorder's own
 * reader (`openArchive`), answers, and closes it again, one request at a
 * time. The reader takes turns with a running recorder: a request waits for
 * the recorder to let go between two of its writes (it does as soon as a
 * reader waits), so the page reads the archive while it is being recorded.
 * Only a process that does not take turns (an older recorder, the duckdb
 * CLI) keeps it out past the wait, and the reply says so (`reason: 'locked'`).
 *
 * @module
 */
import { basename } from 'node:path'
import { type Archive, ArchiveError, openArchive } from '@perpkit/recorder'
import {
  ARCHIVE_PATHS,
  type ArchiveCandlesReply,
  type ArchiveContentsReply,
  type ArchiveDepthReply,
  type ArchiveErrorReply,
  type ArchiveFundingReply,
  type ArchiveGapsReply,
  type ArchiveOpenInterestReply,
  type ArchiveTradesReply,
  MAX_ARCHIVE_CANDLES,
  MAX_ARCHIVE_TRADES,
  OPEN_INTEREST_EVERY,
  type OpenInterestEvery,
} from '../../web/src/archive/archive-wire.ts'

/** A JSON reply: status and body. */
export interface JsonReply {
  status: number
  body: unknown
}

/** Answers a request to an archive endpoint, or `null` for any other path. */
export type ArchiveApi = (url: URL) => Promise<JsonReply> | null

class BadRequest extends Error {}

const errorReply = (status: number, reason: string, message: string): JsonReply => ({
  status,
  body: { error: { reason, message } } satisfies ArchiveErrorReply,
})

/** HTTP status of each reason an archive cannot be read. */
const STATUS: Record<ArchiveError['reason'], number> = {
  missing: 404,
  'not-duckdb': 422,
  'not-archive': 422,
  'newer-schema': 422,
  'older-schema': 422,
  locked: 423,
}

function symbolParam(params: URLSearchParams): string {
  const symbol = params.get('symbol') ?? ''
  if (!/^[A-Z0-9_]{2,40}$/.test(symbol)) {
    throw new BadRequest(`symbol must be a contract symbol, got ${JSON.stringify(symbol)}`)
  }
  return symbol
}

function stepParam(params: URLSearchParams): number {
  const text = params.get('step') ?? ''
  if (!/^[1-9]\d{0,5}$/.test(text)) {
    throw new BadRequest(`step must be a number of minutes, got ${JSON.stringify(text)}`)
  }
  return Number(text)
}

function everyParam(params: URLSearchParams): OpenInterestEvery {
  const every = params.get('every') ?? 'hour'
  const known = OPEN_INTEREST_EVERY.find((value) => value === every)
  if (known === undefined) {
    throw new BadRequest(
      `every must be ${OPEN_INTEREST_EVERY.join(', ')}, got ${JSON.stringify(every)}`,
    )
  }
  return known
}

function atParam(params: URLSearchParams): number | undefined {
  const text = params.get('at')
  if (text === null) return undefined
  if (!/^\d{1,16}$/.test(text)) {
    throw new BadRequest(`at must be epoch milliseconds, got ${JSON.stringify(text)}`)
  }
  return Number(text)
}

/** Reads a request's parameters (throwing {@link BadRequest}), then returns how to answer from an archive. */
type Route = (params: URLSearchParams, file: string) => (archive: Archive) => Promise<unknown>

const ROUTES: Record<string, Route> = {
  [ARCHIVE_PATHS.contents]: (_params, file) => async (archive) =>
    ({ file: basename(file), ...(await archive.contents()) }) satisfies ArchiveContentsReply,
  [ARCHIVE_PATHS.candles]: (params) => {
    const query = {
      symbol: symbolParam(params),
      step: stepParam(params),
      limit: MAX_ARCHIVE_CANDLES,
    }
    return async (archive) => {
      const market = await archive.candles(query)
      const mark = await archive.candles({ ...query, dataset: 'markprice-kline' })
      return {
        symbol: query.symbol,
        step: query.step,
        candles: market.candles,
        markCandles: mark.candles,
        total: market.total,
      } satisfies ArchiveCandlesReply
    }
  },
  [ARCHIVE_PATHS.funding]: (params) => {
    const symbol = symbolParam(params)
    return async (archive) =>
      ({ symbol, settlements: await archive.funding(symbol) }) satisfies ArchiveFundingReply
  },
  [ARCHIVE_PATHS.openInterest]: (params) => {
    const symbol = symbolParam(params)
    const every = everyParam(params)
    return async (archive) =>
      ({
        symbol,
        every,
        points: await archive.openInterest(symbol, { every }),
      }) satisfies ArchiveOpenInterestReply
  },
  [ARCHIVE_PATHS.trades]: (params) => {
    const symbol = symbolParam(params)
    return async (archive) =>
      ({
        symbol,
        ...(await archive.trades({ symbol, limit: MAX_ARCHIVE_TRADES })),
      }) satisfies ArchiveTradesReply
  },
  [ARCHIVE_PATHS.depth]: (params) => {
    const symbol = symbolParam(params)
    const at = atParam(params)
    return async (archive) =>
      ({ symbol, snapshot: await archive.depth(symbol, at) }) satisfies ArchiveDepthReply
  },
  [ARCHIVE_PATHS.gaps]: (params) => {
    const symbol = symbolParam(params)
    return async (archive) =>
      ({ symbol, gaps: await archive.gaps({ symbol }) }) satisfies ArchiveGapsReply
  },
}

/**
 * The archive endpoints for one file.
 *
 * @param file - The recorder's DuckDB file.
 * @param options - `waitMs`: longest wait for a writer to let go, per request (default the
 *   recorder's `ARCHIVE_WAIT_MS`).
 * @returns The handler the page server calls for every request.
 */
export function createArchiveApi(file: string, options: { waitMs?: number } = {}): ArchiveApi {
  let queue: Promise<unknown> = Promise.resolve()
  return (url) => {
    const route = ROUTES[url.pathname]
    if (route === undefined) return null
    const answer = async (): Promise<JsonReply> => {
      let archive: Archive | undefined
      try {
        // Parameters first: a bad request opens nothing.
        const read = route(url.searchParams, file)
        archive = await openArchive(file, { waitMs: options.waitMs })
        return { status: 200, body: await read(archive) }
      } catch (error) {
        if (error instanceof BadRequest) return errorReply(400, 'bad-request', error.message)
        if (error instanceof ArchiveError) {
          return errorReply(STATUS[error.reason], error.reason, error.message)
        }
        throw error
      } finally {
        archive?.close()
      }
    }
    const reply = queue.then(answer)
    queue = reply.catch(() => {})
    return reply
  }
}
