/**
 * Snapshots of one contract's market: open interest and the top levels of
 * its book, polled every snapshot interval.
 *
 * @module
 */
import { defineRecords } from '../define.ts'

/**
 * Open interest. Live servers send it with 18 decimals and its value (contracts × contract
 * size × price) with 20 and more: `decimal-text` keeps both exactly, as their text.
 */
export const openInterest = defineRecords('/contract/public/open-interest', {
  kind: 'snapshots',
  table: 'open_interest',
  columns: {
    recorded_at: 'time',
    server_time: 'time',
    open_interest: 'decimal-text',
    open_interest_value: 'decimal-text',
  },
  key: ['recorded_at'],
  time: 'recorded_at',
  scope: 'symbol',
  request: (client, method, { symbol = '' }) => client[method]({ symbol }),
  rows: (oi, { now }) => [
    {
      symbol: oi.symbol,
      recorded_at: now,
      server_time: oi.timestamp,
      open_interest: oi.openInterest,
      open_interest_value: oi.openInterestValue,
    },
  ],
})

/** The top `--depth-levels` levels of each side of the book, one row a level. */
export const depth = defineRecords('/contract/public/depth', {
  kind: 'snapshots',
  table: 'depth',
  columns: {
    recorded_at: 'time',
    server_time: 'time',
    side: 'text',
    level: 'integer',
    price: 'decimal',
    qty: 'decimal',
  },
  key: ['recorded_at', 'side', 'level'],
  time: 'recorded_at',
  scope: 'symbol',
  request: (client, method, { symbol = '' }) => client[method]({ symbol }),
  rows: (book, { now, depthLevels }) =>
    (
      [
        ['bid', book.bids],
        ['ask', book.asks],
      ] as const
    ).flatMap(([side, levels]) =>
      levels.slice(0, depthLevels).map((level, i) => ({
        symbol: book.symbol,
        recorded_at: now,
        server_time: book.timestamp,
        side,
        level: i + 1,
        price: level.price,
        qty: level.qty,
      })),
    ),
})
