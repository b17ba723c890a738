import { describe, expect, it } from 'vitest'
import { modelMap, orNull } from './model-map.ts'

const pair = (a: string | undefined, b: string | undefined) => a ?? b
const map = modelMap<Record<string, unknown>>(
  ['symbol', 'quote_qty', 'high_24h', ['step', 'pair', 'vol', 'volume'], ['cap', 'orNull', 'cap']],
  { pair, orNull },
)

/** The model source of `map` as a function of the wire row, as fastList's generated row runs it. */
function fromSource(row: Record<string, unknown>): unknown {
  const keys = ['symbol', 'quote_qty', 'high_24h', 'vol', 'volume', 'cap']
  const vars = Object.fromEntries(keys.map((key, i) => [key, `v${i}`]))
  const body = `return (row) => {\n${keys.map((key, i) => `const v${i} = row[${JSON.stringify(key)}]`).join('\n')}\nreturn ${map.model(vars)}\n}`
  return new Function('pair', 'orNull', body)(pair, orNull)(row)
}

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

  it('keeps the table order as the model key order', () => {
    expect(Object.keys(map.build(row))).toEqual(['symbol', 'quoteQty', 'high24h', 'step', 'cap'])
  })

  it('writes source that builds exactly what build builds', () => {
    for (const sample of [row, { ...row, vol: '2', cap: undefined }, { symbol: '' }]) {
      const built = map.build(sample)
      const generated = fromSource(sample)
      expect(generated).toStrictEqual(built)
      expect(Object.keys(generated as object)).toEqual(Object.keys(built))
    }
  })

  it('names its helpers for the generated source', () => {
    expect(map.helpers).toEqual({ pair, orNull })
  })
})
