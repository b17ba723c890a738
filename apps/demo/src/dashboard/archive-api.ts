/**
 * The archive endpoints of the page's server (`--archive <file>`): each
 * request opens the recorder's archive read-only with the recorder's own
 * reader (`openArchive`), answers, and closes it again, one request at a
 * time. Holding it no longer than a request lets a recorder start between
 * two requests; while a recorder writes the file, DuckDB refuses readers and
 * the reply says so (`reason: 'locked'`).
 *
 * @module
 */
import { basename } from 'node:path'
import { type Archive, ArchiveError, openArchive } from '@perpkit/recorder'
import {
  ARCHIVE_PATHS,
  type ArchiveCandlesReply,
  type ArchiveContentsReply,
  type ArchiveErrorReply,
  type ArchiveFundingReply,
  type ArchiveOpenInterestReply,
  MAX_ARCHIVE_CANDLES,
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
}

/**
 * The archive endpoints for one file.
 *
 * @param file - The recorder's DuckDB file.
 * @returns The handler the page server calls for every request.
 */
export function createArchiveApi(file: string): ArchiveApi {
  let queue: Promise<unknown> = Promise.resolve()
  return (url) => {
    const route = ROUTES[url.pathname]
    if (route === undefined) return null
    const answer = async (): Promise<JsonReply> => {
      let archive: Archive | undefined
      try {
        // Parameters first: a bad request opens nothing.
        const read = route(url.searchParams, file)
        archive = await openArchive(file)
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
