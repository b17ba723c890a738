import type { LeverageBracket } from '@perpkit/schemas'

/**
 * Binance's published BTCUSDT USDⓈ-M bracket table (ten tiers), the one its
 * FAQ "Leverage and Margin of USDⓈ-M Futures" uses: level 3 has `cum` 1,300
 * (from floors 50,000 / 250,000 and rates 0.4 % / 0.5 % / 1 %), and a
 * 500,000 notional needs 3,700 maintenance margin.
 */
export const binanceBtcusdt: LeverageBracket[] = [
  row(1, 125, '0', '50000', '0.004', '0'),
  row(2, 100, '50000', '250000', '0.005', '50'),
  row(3, 50, '250000', '1000000', '0.01', '1300'),
  row(4, 20, '1000000', '10000000', '0.025', '16300'),
  row(5, 10, '10000000', '20000000', '0.05', '266300'),
  row(6, 5, '20000000', '50000000', '0.1', '1266300'),
  row(7, 4, '50000000', '100000000', '0.125', '2516300'),
  row(8, 3, '100000000', '200000000', '0.15', '5016300'),
  row(9, 2, '200000000', '300000000', '0.25', '25016300'),
  row(10, 1, '300000000', '500000000', '0.5', '100016300'),
]

/** The first three tiers only, for short examples. */
export const firstThree: LeverageBracket[] = binanceBtcusdt.slice(0, 3)

function row(
  bracket: number,
  initialLeverage: number,
  notionalFloor: string,
  notionalCap: string,
  maintMarginRatio: string,
  cum: string,
): LeverageBracket {
  return { bracket, initialLeverage, notionalFloor, notionalCap, maintMarginRatio, cum }
}

/** A level in the shape of the `DepthLevel` model (total left blank: it is recomputed). */
export function level(
  price: string,
  qty: string,
  total = '0',
): { price: string; qty: string; total: string } {
  return { price, qty, total }
}
