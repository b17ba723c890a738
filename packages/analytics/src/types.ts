/**
 * A decimal input: a decimal string such as `"65000.1"` (exact) or a finite
 * JavaScript number (read through its shortest string form, so `0.1` is
 * exactly `"0.1"`). Every output is a decimal string in plain notation.
 *
 * @example
 * ```ts
 * const a: Numeric = '0.004'
 * const b: Numeric = 125
 * ```
 */
export type Numeric = string | number

/**
 * One risk bracket of a leverage table, structurally: a `LeverageBracket`
 * from `@perpkit/schemas` fits, and so does a plain object whose decimal
 * fields are numbers.
 *
 * @example
 * ```ts
 * const b: BracketInput = {
 *   bracket: 1, initialLeverage: 125, notionalFloor: 0, notionalCap: 50_000,
 *   maintMarginRatio: '0.004', cum: 0,
 * }
 * ```
 */
export interface BracketInput {
  /** Tier number, from 1 (only checked by `checkBracketTable`). */
  readonly bracket?: number
  /** Largest leverage allowed in this tier. */
  readonly initialLeverage: Numeric
  /** Upper notional bound of the tier (inclusive). */
  readonly notionalCap: Numeric
  /** Lower notional bound of the tier (exclusive, except `0` in the first tier). */
  readonly notionalFloor: Numeric
  /** Maintenance margin ratio, a fraction (`"0.004"` is 0.4 %). */
  readonly maintMarginRatio: Numeric
  /** Maintenance amount, so that `mm = notional * mmr - cum`. */
  readonly cum: Numeric
}

/**
 * One order-book level, structurally: a `DepthLevel` from `@perpkit/schemas`
 * fits. `total` (the running total) is ignored on input and recomputed on
 * output.
 *
 * @example
 * ```ts
 * const level: DepthLevelInput = { price: '65000.1', qty: 12 }
 * ```
 */
export interface DepthLevelInput {
  /** Price of the level. */
  readonly price: Numeric
  /** Quantity at that price, in contracts. */
  readonly qty: Numeric
  /** Running total; ignored (recomputed where an output needs it). */
  readonly total?: Numeric
}

/**
 * One order-book level as the book functions output it: the same shape as
 * `DepthLevel` of `@perpkit/schemas` (so the result of {@link aggregateDepth}
 * can stand in for a `Depth` side), with exact decimal strings.
 *
 * @example
 * ```ts
 * const level: BookLevel = { price: '65000', qty: '42', total: '97' }
 * ```
 */
export interface BookLevel {
  /** Price of the level (the bucket price after grouping). */
  price: string
  /** Quantity at that price, in contracts. */
  qty: string
  /** Running total from the top of the book down to and including this level. */
  total: string
}

/**
 * Both sides of a book, best first: bids descending, asks ascending. A
 * `Depth` from `@perpkit/schemas` fits.
 *
 * @example
 * ```ts
 * const book: BookInput = {
 *   bids: [{ price: '100', qty: '2' }],
 *   asks: [{ price: '101', qty: '1' }],
 * }
 * ```
 */
export interface BookInput {
  /** Bid levels, highest price first. */
  readonly bids: readonly DepthLevelInput[]
  /** Ask levels, lowest price first. */
  readonly asks: readonly DepthLevelInput[]
}

/**
 * Side of an order book: `'bid'` (buyers, best = highest) or `'ask'`
 * (sellers, best = lowest).
 *
 * @example
 * ```ts
 * const side: BookSide = 'bid'
 * ```
 */
export type BookSide = 'bid' | 'ask'

/**
 * Side of a market order: a `'buy'` takes the asks, a `'sell'` takes the bids.
 *
 * @example
 * ```ts
 * const side: OrderSide = 'buy'
 * ```
 */
export type OrderSide = 'buy' | 'sell'

/**
 * Direction of a position.
 *
 * @example
 * ```ts
 * const side: PositionSide = 'long'
 * ```
 */
export type PositionSide = 'long' | 'short'

/**
 * How a value between two multiples of a step (or two decimals of a
 * division) is rounded:
 *
 * - `'half-up'`: to the nearest, a tie away from zero (`2.5` → `3`, `-2.5` → `-3`);
 * - `'half-even'`: to the nearest, a tie to the even neighbour (`2.5` → `2`, `3.5` → `4`);
 * - `'down'`: toward zero (truncation); `'up'`: away from zero;
 * - `'floor'`: toward minus infinity; `'ceil'`: toward plus infinity.
 *
 * @example
 * ```ts
 * const mode: RoundingMode = 'floor' // e.g. the contracts a budget can buy
 * ```
 */
export type RoundingMode = 'half-up' | 'half-even' | 'down' | 'up' | 'floor' | 'ceil'
