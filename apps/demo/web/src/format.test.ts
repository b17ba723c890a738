import { describe, expect, it } from 'vitest'
import {
  chartPriceLabel,
  contractFormatters,
  formatBps,
  formatCountdown,
  formatDecimal,
  formatPercent,
  formatRatio,
  groupThousands,
  tickDecimals,
} from './format.ts'

const btc = { pricePrecision: '0.1', volumePrecision: '1', contractSize: '0.001' }
const pepe = { pricePrecision: '0.0000001', volumePrecision: '1', contractSize: '1000' }

describe('formatting decimal strings for the page', () => {
  it('groups thousands in the integer part only, keeping the sign', () => {
    expect(groupThousands('-1234567.891234')).toBe('-1,234,567.891234')
    expect(groupThousands('999')).toBe('999')
  })

  it('rounds half away from zero to the tick and keeps the tick’s decimals', () => {
    expect(formatDecimal('91719.85', '0.1')).toBe('91,719.9')
    expect(formatDecimal('-91719.85', '0.1')).toBe('-91,719.9')
    expect(formatDecimal('65000', '0.1')).toBe('65,000.0')
    expect(formatDecimal('0.1', '0.1', true)).toBe('+0.1')
    expect(formatDecimal('0.04', '0.1', true)).toBe('0.0')
  })

  it('formats a contract’s prices to its tick, derived prices to a tenth of it, sizes to its step', () => {
    const f = contractFormatters(btc)
    expect(f.price('91547.15')).toBe('91,547.2')
    expect(f.finePrice('91547.149')).toBe('91,547.15')
    expect(f.contracts('1092.4')).toBe('1,092')
    expect(f.base('1.0924')).toBe('1.092')
    expect(f.quote('99969.645')).toBe('99,969.65')
    expect(contractFormatters(pepe).price('0.000012345678')).toBe('0.0000123')
  })

  it('writes rates as percentages, spreads in bps and the imbalance as a signed ratio', () => {
    expect(formatPercent('-0.000098', 4, true)).toBe('-0.0098 %')
    expect(formatPercent('0.1829', 2, true)).toBe('+18.29 %')
    expect(formatBps('0.16734')).toBe('0.17 bps')
    expect(formatRatio('-0.2954')).toBe('-0.295')
    expect(formatRatio('0.1')).toBe('+0.100')
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
