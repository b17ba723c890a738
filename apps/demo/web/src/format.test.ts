import { describe, expect, it } from 'vitest'
import { chartPriceLabel, contractFormatters, formatCountdown, tickDecimals } from './format.ts'

const btc = { pricePrecision: '0.1', volumePrecision: '1', contractSize: '0.001' }
const pepe = { pricePrecision: '0.0000001', volumePrecision: '1', contractSize: '1000' }

describe('the page’s formatters', () => {
  it('reads a contract’s tick and step from pricePrecision and volumePrecision', () => {
    const f = contractFormatters(btc)
    expect(f.price('91547.15')).toBe('91,547.2')
    expect(f.finePrice('91547.149')).toBe('91,547.15')
    expect(f.contracts('1092.4')).toBe('1,092')
    expect(f.base('1.0924')).toBe('1.092')
    expect(f.quote('99969.645')).toBe('99,969.65')
    expect(contractFormatters(pepe).price('0.000012345678')).toBe('0.0000123')
  })

  it('writes a countdown as h:mm:ss, with days past 24 h, never below zero', () => {
    expect(formatCountdown(5 * 3_600_000 + 18 * 60_000 + 2_999)).toBe('5:18:02')
    expect(formatCountdown(26 * 3_600_000)).toBe('1d 2:00:00')
    expect(formatCountdown(-5_000)).toBe('0:00:00')
  })

  it('turns a chart’s float back into a price rounded to the tick', () => {
    expect(tickDecimals('0.001')).toBe(3)
    expect(tickDecimals('5')).toBe(0)
    expect(chartPriceLabel(91547.14999999, contractFormatters(btc).price)).toBe('91,547.1')
    expect(chartPriceLabel(0.1 + 0.2, contractFormatters(btc).price)).toBe('0.3')
    expect(chartPriceLabel(1.2345e-7, contractFormatters(pepe).price)).toBe('0.0000001')
    expect(chartPriceLabel(Number.NaN, contractFormatters(btc).price)).toBe('')
  })
})
