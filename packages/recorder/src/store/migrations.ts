/**
 * The schema, as numbered migrations. Prices and amounts are DECIMAL(38,18)
 * (never DOUBLE); times are TIMESTAMP_MS (UTC milliseconds).
 *
 * @module
 */

const DEC = 'DECIMAL(38,18)'
const TS = 'TIMESTAMP_MS'

/** Migration `i` brings a database from version `i` to `i + 1`. */
export const migrations: readonly string[] = [
  `
  CREATE TABLE candles (
    dataset VARCHAR NOT NULL, symbol VARCHAR NOT NULL, step INTEGER NOT NULL,
    open_time ${TS} NOT NULL,
    open ${DEC} NOT NULL, high ${DEC} NOT NULL, low ${DEC} NOT NULL, close ${DEC} NOT NULL,
    volume ${DEC} NOT NULL,
    PRIMARY KEY (dataset, symbol, step, open_time));
  CREATE TABLE coverage (
    dataset VARCHAR NOT NULL, symbol VARCHAR NOT NULL, step INTEGER NOT NULL,
    start_time ${TS} NOT NULL, end_time ${TS} NOT NULL, fetched_at ${TS} NOT NULL,
    PRIMARY KEY (dataset, symbol, step, start_time));
  CREATE TABLE trades (
    symbol VARCHAR NOT NULL, time ${TS} NOT NULL, price ${DEC} NOT NULL, qty ${DEC} NOT NULL,
    quote_qty ${DEC} NOT NULL, is_buyer_maker BOOLEAN NOT NULL, dup INTEGER NOT NULL,
    PRIMARY KEY (symbol, time, price, qty, quote_qty, is_buyer_maker, dup));
  CREATE TABLE funding_history (
    symbol VARCHAR NOT NULL, funding_time ${TS} NOT NULL, funding_rate ${DEC} NOT NULL,
    PRIMARY KEY (symbol, funding_time));
  CREATE TABLE funding_rate (
    symbol VARCHAR NOT NULL, recorded_at ${TS} NOT NULL, server_time ${TS},
    rate ${DEC} NOT NULL, expected_rate ${DEC} NOT NULL, funding_time ${TS} NOT NULL,
    upper_limit ${DEC} NOT NULL, lower_limit ${DEC} NOT NULL,
    PRIMARY KEY (symbol, recorded_at));
  CREATE TABLE open_interest (
    symbol VARCHAR NOT NULL, recorded_at ${TS} NOT NULL, server_time ${TS} NOT NULL,
    open_interest ${DEC} NOT NULL, open_interest_value ${DEC} NOT NULL,
    PRIMARY KEY (symbol, recorded_at));
  CREATE TABLE depth (
    symbol VARCHAR NOT NULL, recorded_at ${TS} NOT NULL, server_time ${TS} NOT NULL,
    side VARCHAR NOT NULL, level INTEGER NOT NULL, price ${DEC} NOT NULL, qty ${DEC} NOT NULL,
    PRIMARY KEY (symbol, recorded_at, side, level));
  CREATE TABLE contract_changes (
    dataset VARCHAR NOT NULL, symbol VARCHAR NOT NULL, recorded_at ${TS} NOT NULL,
    status VARCHAR, delist_time ${TS}, value JSON NOT NULL,
    PRIMARY KEY (dataset, symbol, recorded_at));
  CREATE TABLE gaps (
    dataset VARCHAR NOT NULL, symbol VARCHAR NOT NULL, from_time ${TS} NOT NULL,
    to_time ${TS} NOT NULL, recorded_at ${TS} NOT NULL,
    PRIMARY KEY (dataset, symbol, from_time));
  CREATE TABLE writes (
    dataset VARCHAR NOT NULL, symbol VARCHAR NOT NULL, last_write ${TS} NOT NULL,
    PRIMARY KEY (dataset, symbol));
  `,
  // 2: candles without a primary key. Its index cost more than the insert and
  // held memory for every row; a window's coverage row now guards its candles
  // (write-candles.ts), so none is stored twice.
  `
  CREATE TABLE candles_v2 (
    dataset VARCHAR NOT NULL, symbol VARCHAR NOT NULL, step INTEGER NOT NULL,
    open_time ${TS} NOT NULL,
    open ${DEC} NOT NULL, high ${DEC} NOT NULL, low ${DEC} NOT NULL, close ${DEC} NOT NULL,
    volume ${DEC} NOT NULL);
  INSERT INTO candles_v2 SELECT * FROM candles ORDER BY dataset, symbol, step, open_time;
  DROP TABLE candles;
  ALTER TABLE candles_v2 RENAME TO candles;
  `,
]

/**
 * The schema version this build writes and reads.
 *
 * @example
 * ```ts
 * import { SCHEMA_VERSION } from '@perpkit/recorder'
 *
 * console.log(`archives of schema ${SCHEMA_VERSION}`)
 * ```
 */
export const SCHEMA_VERSION = migrations.length
