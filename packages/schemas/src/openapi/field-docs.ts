/**
 * What each wire field means, for the document's readers: one line per field name (the
 * spec's descriptions, the field notes' units), and the unit of every time and duration as a
 * vendor extension, `x-unit` (`s`, `ms`, `min`, `h`), beside the words. A field without an
 * entry here stops the generator, and so does a time field without a unit.
 *
 * Not part of the published build: it runs from `generate.ts` and the docs' `--check`.
 *
 * @module
 */
import type { JsonSchema } from './json-schema.ts'

/** Units of times (epoch seconds or milliseconds) and durations (minutes, hours). */
type Unit = 's' | 'ms' | 'min' | 'h'

/** One field's documentation. */
interface FieldDoc {
  text: string
  unit?: Unit
}

const UNIT_WORDS: Record<Unit, string> = {
  s: 'Epoch seconds.',
  ms: 'Epoch milliseconds.',
  min: 'In minutes.',
  h: 'In hours.',
}

/** A field name that holds a time: it must state its unit. */
const TIME_FIELD = /(^|_)(time|timestamp)$/

const doc = (text: string, unit?: Unit): FieldDoc => (unit ? { text, unit } : { text })

const quote = 'in the quote currency (USDT)'

/** Fields by wire name, wherever they appear (the same name means the same thing). */
const byName: Readonly<Record<string, FieldDoc>> = {
  // envelope
  code: doc(
    'Result code: 1000 on success, the error code otherwise (a digit string on some servers).',
  ),
  message: doc('Result text: `Ok` or `OK` on success (never compare it: check `code`).'),
  msg: doc('Result text of gateway-level errors, in place of `message`.'),
  trace: doc('Trace identifier of the request, on every JSON answer.'),
  data: doc('The payload; on errors `{}`, `null` or absent.'),
  // shared
  symbol: doc('Contract symbol, e.g. `BTCUSDT`.'),
  timestamp: doc('When the server took the figures.', 'ms'),
  // kline
  open_price: doc(`Opening price, ${quote}.`),
  close_price: doc(`Closing price (the last price while the candle is open), ${quote}.`),
  high_price: doc(`Highest price, ${quote}.`),
  low_price: doc(`Lowest price, ${quote}.`),
  volume: doc('Volume in contracts (often `"0"` on mark-price candles).'),
  // trades
  price: doc(`Trade price, ${quote}.`),
  qty: doc('Trade quantity in the base coin.'),
  quote_qty: doc(`Trade value ${quote}.`),
  time: doc('Trade time (10 digits).', 's'),
  is_buyer_maker: doc('True when the buyer was the maker, i.e. the taker sold.'),
  // funding
  rate_value: doc('Funding rate of the previous period, a fraction (`"0.0001"` is 0.01 %).'),
  expected_rate: doc('Expected funding rate of the next period, a fraction.'),
  funding_time: doc('Next funding settlement.', 'ms'),
  funding_upper_limit: doc(
    'Highest rate a period may settle at, a fraction (a string, or a number on some servers).',
  ),
  funding_lower_limit: doc(
    'Lowest rate a period may settle at, a fraction (a string, or a number on some servers).',
  ),
  funding_interval_hours: doc('Time between funding settlements.', 'h'),
  funding_rate: doc('Funding rate of the current period, a fraction.'),
  list: doc('Settled funding rates, newest first.'),
  // details
  symbols: doc('One row per contract.'),
  product_type: doc('`1` perpetual, `2` dated futures.'),
  base_currency: doc('Base coin, e.g. `BTC`.'),
  quote_currency: doc('Quote currency, e.g. `USDT`.'),
  vol_precision: doc(
    'Quantity step in contracts (e.g. `"1"`), not a digit count. Live rows send this key; a row carries it or `volume_precision` (the spec\'s name for it).',
  ),
  volume_precision: doc(
    "The spec's name for `vol_precision`: a row carries one of the two, live rows `vol_precision`.",
  ),
  price_precision: doc(`Price tick ${quote} (e.g. \`"0.1"\`), not a digit count.`),
  max_volume: doc('Largest limit-order quantity, in contracts.'),
  market_max_volume: doc('Largest market-order quantity, in contracts; older rows lack it.'),
  min_volume: doc('Smallest order quantity, in contracts.'),
  contract_size: doc('Base-coin quantity of one contract.'),
  index_price: doc(`Index price, ${quote}, up to 8 decimals.`),
  index_name: doc('Name of the price index.'),
  min_leverage: doc('Smallest leverage, a multiple (`"1"` is 1x).'),
  max_leverage: doc('Largest leverage, a multiple.'),
  turnover_24h: doc(`Traded value over the last 24 h, ${quote}.`),
  volume_24h: doc('Traded volume over the last 24 h, in contracts.'),
  last_price: doc(`Last trade price, ${quote}.`),
  open_timestamp: doc('First opening time (older rows send epoch seconds).', 'ms'),
  expire_timestamp: doc('Expiry; `0`, `null` or `""` when the contract does not expire.', 'ms'),
  settle_timestamp: doc(
    'Settlement; `0`, `null` or `""` when there is no automatic settlement.',
    'ms',
  ),
  expected_funding_rate: doc('Expected funding rate of the next period, a fraction.'),
  open_interest: doc('Open interest, in contracts (can carry 18 or more decimals).'),
  open_interest_value: doc(`Value of the open interest, ${quote}.`),
  high_24h: doc(`Highest price over the last 24 h, ${quote}.`),
  low_24h: doc(`Lowest price over the last 24 h, ${quote}.`),
  change_24h: doc('Change over the last 24 h, a decimal fraction (`"0.0123"` is +1.23 %).'),
  status: doc('`Trading` or `Delisted`; older rows lack it.'),
  delist_time: doc('Delisting time (the expected one while trading); `0` when none.', 's'),
  tradfi_info: doc(
    "On a contract that tracks a traditional market (shares, indices, FX, metals): the market; `null` on crypto contracts. Beyond the spec's table.",
  ),
  market_group: doc(
    'The market a TradFi contract tracks, e.g. `US_MARKET`, `HK_STOCK`, `FOREX`, `INDEX_JP`.',
  ),
  // leverage brackets
  rules: doc('One rule per contract.'),
  brackets: doc('The risk tiers, ascending by `bracket`.'),
  bracket: doc('Tier number, from 1.'),
  initial_leverage: doc('Largest leverage allowed in this tier, a multiple.'),
  notional_cap: doc(`Upper bound of the tier (inclusive), position value ${quote}.`),
  notional_floor: doc(`Lower bound of the tier (exclusive): the previous tier's cap.`),
  maint_margin_ratio: doc('Maintenance margin rate, a fraction.'),
  cum: doc(`Cumulative maintenance amount ${quote}, so that maintenance = notional * rate - cum.`),
  // depth
  bids: doc(
    'Buy levels, highest price first (at most 50 on live servers); `null` for an empty side.',
  ),
  asks: doc(
    'Sell levels, lowest price first (at most 50 on live servers); `null` for an empty side.',
  ),
  // /system/time
  server_time: doc('The server clock.', 'ms'),
}

/**
 * Fields whose meaning depends on where they are, by component and path pattern (`[]` for
 * the items of a list): a candle's `timestamp` is in seconds, a history row's `funding_time`
 * is when it settled. An entry that matches no field stops the generator.
 */
const inContext: Readonly<Record<string, Readonly<Record<string, FieldDoc>>>> = {
  KlinesData: { '[].timestamp': doc('Candle open time (some candles come a second late).', 's') },
  FundingRateHistoryData: {
    'list[].funding_rate': doc('Settled funding rate of the period, a fraction.'),
    'list[].funding_time': doc('Settlement time, a number or a digit string.', 'ms'),
  },
}

/**
 * The documentation of one field: a description, and `x-unit` for a time or a duration.
 *
 * @param name - The field's wire name.
 * @param found - Its entry, if any.
 * @returns The keywords to add to the field's JSON Schema.
 * @throws when the field has no entry, or a time field has no unit.
 */
function keywordsOf(name: string, found: FieldDoc | undefined): JsonSchema {
  if (found === undefined) {
    throw new Error(
      `openapi: the wire field "${name}" has no description; add one to src/openapi/field-docs.ts`,
    )
  }
  if (found.unit === undefined && TIME_FIELD.test(name)) {
    throw new Error(`openapi: the time field "${name}" states no unit in src/openapi/field-docs.ts`)
  }
  if (found.unit === undefined) return { description: found.text }
  return { description: `${found.text} ${UNIT_WORDS[found.unit]}`, 'x-unit': found.unit }
}

/**
 * Documents every field of one generated component, in place: each property of each object
 * in it (through lists and alternatives, not through references) gets its description and
 * unit.
 *
 * @param component - The component's name (for the fields documented in context).
 * @param schema - Its JSON Schema, as generated.
 * @throws for a field without documentation, or a documented context that matched nothing.
 */
export function documentFields(component: string, schema: JsonSchema): void {
  const contextual = inContext[component] ?? {}
  const unused = new Set(Object.keys(contextual))
  const walk = (node: unknown, path: string): void => {
    if (typeof node !== 'object' || node === null) return
    const json = node as JsonSchema
    const properties = json.properties as Record<string, JsonSchema> | undefined
    for (const [name, property] of Object.entries(properties ?? {})) {
      const at = path === '' ? name : `${path}.${name}`
      unused.delete(at)
      properties![name] = { ...property, ...keywordsOf(name, contextual[at] ?? byName[name]) }
      walk(property, at)
    }
    walk(json.items, `${path}[]`)
    for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
      const members = json[key]
      if (Array.isArray(members))
        for (const member of members) walk(member, key === 'prefixItems' ? `${path}[]` : path)
    }
  }
  walk(schema, '')
  if (unused.size > 0) {
    throw new Error(
      `openapi: field-docs.ts documents ${component} ${[...unused].join(', ')}, which it does not have`,
    )
  }
}
