import { describe, expect, it } from 'vitest'
import { orNull } from './conversions.ts'
import { modelMap } from './model-map.ts'

const pair = (a: string | undefined, b: string | undefined) => a ?? b
const map = modelMap<Record<string, unknown>>(
  [
    'symbol',
    'quote_qty',
    'high_24h',
    ['step', 'pair', 'vol', 'volume'],
    ['cap', 'orNull', 'cap'],
    ['first', null, '0'],
  ],
  { pair, orNull },
)

describe('modelMap', () => {
  const row = { symbol: 'BTCUSDT', quote_qty: '650', high_24h: '1', volume: '0.001', cap: '5' }

  it('copies wire keys under their camelCase names and calls helpers with the keys they name', () => {
    expect(map.build(row)).toEqual({
      symbol: 'BTCUSDT',
      quoteQty: '650',
      high24h: '1',
      step: '0.001',
      cap: '5',
    })
    expect(map.build({ ...row, vol: '0.01', cap: undefined })).toMatchObject({
      step: '0.01',
      cap: null,
    })
  })

  it('copies a wire key under another name where the helper is null (a tuple index)', () => {
    expect(map.build(Object.assign(['x'], row))).toMatchObject({ first: 'x' })
  })

  it('keeps the table order as the model key order', () => {
    expect(Object.keys(map.build(row))).toEqual([
      'symbol',
      'quoteQty',
      'high24h',
      'step',
      'cap',
      'first',
    ])
  })

  it('spells its fields out for the decoder generator, each helper by its function', () => {
    expect(map.entries.slice(2, 5)).toEqual([
      { key: 'high24h', helper: undefined, wire: ['high_24h'] },
      { key: 'step', helper: pair, wire: ['vol', 'volume'] },
      { key: 'cap', helper: orNull, wire: ['cap'] },
    ])
  })

  it('refuses a field whose helper it was not given', () => {
    expect(() => modelMap([['t', 'epochToMs', 'time']])).toThrow(/no helper "epochToMs"/)
  })
})
