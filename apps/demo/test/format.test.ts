import { describe, expect, it } from 'vitest'
import {
  createContractFormatters,
  formatBps,
  formatDateTime,
  formatDecimal,
  formatDuration,
  formatLeverage,
  formatPercent,
  formatRatio,
  formatTime,
  groupThousands,
} from '../src/format.ts'
import { renderPairs, renderTable, visibleWidth, wrapParts } from '../src/layout.ts'
import { createStyle, shouldUseColor } from '../src/style.ts'

describe('formatDecimal', () => {
  it('separates thousands in the integer part only', () => {
    expect(groupThousands('1234567.891234')).toBe('1,234,567.891234')
    expect(groupThousands('-1234')).toBe('-1,234')
    expect(groupThousands('-1234567.891234')).toBe('-1,234,567.891234')
    expect(groupThousands('999')).toBe('999')
  })

  it('rounds to a step, groups thousands and signs positive values on request', () => {
    expect(formatDecimal('91719.85', { step: '0.1' })).toBe('91,719.9')
    expect(formatDecimal('0.000187', { decimals: 4, signed: true })).toBe('+0.0002')
    expect(formatDecimal('-1234.5', { decimals: 0 })).toBe('-1,235')
    expect(formatDecimal('0', { decimals: 2, signed: true })).toBe('0.00')
    expect(formatDecimal('1234567', { group: false })).toBe('1234567')
  })

  it('rounds half away from zero to a tick and keeps the tick’s decimals', () => {
    expect(formatDecimal('-91719.85', { step: '0.1' })).toBe('-91,719.9')
    expect(formatDecimal('65000', { step: '0.1' })).toBe('65,000.0')
    expect(formatDecimal('0.1', { step: '0.1', signed: true })).toBe('+0.1')
    expect(formatDecimal('0.04', { step: '0.1', signed: true })).toBe('0.0')
  })

  it('formats percentages, basis points, the imbalance as a signed ratio and leverage', () => {
    expect(formatPercent('-0.02134')).toBe('-2.13 %')
    expect(formatPercent('0.000167', 4, true)).toBe('+0.0167 %')
    expect(formatPercent('0.1095', 2)).toBe('10.95 %')
    expect(formatPercent('-0.000098', 4, true)).toBe('-0.0098 %')
    expect(formatPercent('0.1829', 2, true)).toBe('+18.29 %')
    expect(formatBps('0.77034183919114107')).toBe('0.77 bps')
    expect(formatBps('0.16734')).toBe('0.17 bps')
    expect(formatRatio('-0.2954')).toBe('-0.295')
    expect(formatRatio('0.1')).toBe('+0.100')
    expect(formatLeverage('125')).toBe('125x')
    expect(formatLeverage(50)).toBe('50x')
  })

  it('formats durations and UTC times', () => {
    expect(formatDuration(45_000)).toBe('45s')
    expect(formatDuration(5 * 60_000)).toBe('5m')
    expect(formatDuration(5 * 3_600_000 + 38 * 60_000)).toBe('5h 38m')
    expect(formatDuration(2 * 86_400_000 + 4 * 3_600_000)).toBe('2d 4h')
    expect(formatDuration(-5)).toBe('0s')
    expect(formatDateTime(Date.UTC(2026, 10, 22, 16))).toBe('2026-11-22 16:00 UTC')
    expect(formatTime(Date.UTC(2026, 10, 22, 10, 20, 49))).toBe('10:20:49')
  })
})

describe('createContractFormatters', () => {
  const btc = createContractFormatters({ tickSize: '0.1', stepSize: '1', contractSize: '0.001' })
  const pepe = createContractFormatters({
    tickSize: '0.0000001',
    stepSize: '1',
    contractSize: '1000',
  })

  it('formats prices to the tick and derived prices to a tenth of it', () => {
    expect(btc.price('91720')).toBe('91,720.0')
    expect(btc.finePrice('91719.8500000001')).toBe('91,719.85')
    expect(pepe.price('0.01050049')).toBe('0.0105005')
  })

  it('formats contracts to the step, base coin to step × contract size, quote to cents', () => {
    expect(btc.contracts('17001638.969219870023882296')).toBe('17,001,639')
    expect(btc.base('17001.638969219870023882296')).toBe('17,001.639')
    expect(pepe.base('5000')).toBe('5,000')
    expect(btc.quote('1559386925.9290526346164794126608')).toBe('1,559,386,925.93')
  })
})

describe('layout and colours', () => {
  const plain = createStyle(false)

  it('right-aligns the values of a label/value grid within 76 columns', () => {
    const lines = renderPairs(
      [
        { label: 'last', value: '91,719.8' },
        { label: 'mark', value: '1.5' },
        { label: 'index', value: '100' },
      ],
      plain,
    )
    expect(lines).toEqual([
      `last ${'91,719.8'.padStart(31)}    mark ${'1.5'.padStart(31)}`,
      `index ${'100'.padStart(30)}`,
    ])
  })

  it('right-aligns numeric table columns and keeps alignment when cells are painted', () => {
    const columns = [
      { header: 'side', align: 'left' },
      { header: 'price', align: 'right' },
    ] as const
    const rows = [
      ['buy', '91,719.8'],
      ['sell', '7.5'],
    ]
    expect(renderTable(columns, rows, plain)).toEqual([
      'side     price',
      'buy   91,719.8',
      'sell       7.5',
    ])
    const colored = createStyle(true)
    const cells = [
      [{ text: 'buy', paint: colored.green }, '7.5'],
      ['sell', { text: '91,719.8', paint: colored.red }],
    ]
    const painted = renderTable(columns, cells, colored)
    const unpainted = renderTable(
      columns,
      [
        ['buy', '7.5'],
        ['sell', '91,719.8'],
      ],
      plain,
    )
    expect(painted[1]).toContain('\u001b[')
    expect(painted.map(visibleWidth)).toEqual(unpainted.map((line) => line.length))
  })

  it('leaves no trailing padding after a left-aligned last column, painted or not', () => {
    const columns = [
      { header: 'lev.', align: 'right' },
      { header: 'bracket used', align: 'left' },
    ] as const
    const colored = createStyle(true)
    const rows = [
      ['5x', { text: 'not allowed at this size', paint: colored.dim }],
      ['10x', '#2'],
    ]
    const lines = renderTable(columns, rows, colored)
    expect(lines.map(visibleWidth)).toEqual([
      'lev.  bracket used'.length,
      '  5x  not allowed at this size'.length,
      ' 10x  #2'.length,
    ])
  })

  it('joins parts with a middle dot and wraps before the width is exceeded', () => {
    expect(wrapParts(['spread 1', 'mid 2', 'micro 3'], 80)).toEqual(['spread 1 · mid 2 · micro 3'])
    expect(wrapParts(['spread 1', 'mid 2', 'micro 3'], 16)).toEqual(['spread 1 · mid 2', 'micro 3'])
    expect(wrapParts(['a part longer than the width'], 5)).toEqual(['a part longer than the width'])
  })

  it('colours only when asked: NO_COLOR wins, FORCE_COLOR forces, else only a TTY', () => {
    expect(shouldUseColor({ isTTY: true }, {})).toBe(true)
    expect(shouldUseColor({ isTTY: false }, {})).toBe(false)
    expect(shouldUseColor({}, {})).toBe(false)
    expect(shouldUseColor({ isTTY: true }, { NO_COLOR: '1' })).toBe(false)
    expect(shouldUseColor({ isTTY: true }, { NO_COLOR: '' })).toBe(true)
    expect(shouldUseColor({ isTTY: false }, { FORCE_COLOR: '1' })).toBe(true)
    expect(shouldUseColor({ isTTY: false }, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(false)
    expect(createStyle(false).red('x')).toBe('x')
    expect(createStyle(true).red('x')).not.toBe('x')
  })
})
