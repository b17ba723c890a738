import { describe, expect, it } from 'vitest'
import { binanceBtcusdt } from '../test/fixtures.ts'
import { checkBracketTable } from './check-bracket-table.ts'

const table = () => binanceBtcusdt.slice(0, 3).map((b) => ({ ...b }))

describe('checkBracketTable', () => {
  it("finds no problem in Binance's published BTCUSDT table", () => {
    expect(checkBracketTable({ brackets: binanceBtcusdt })).toEqual([])
  })

  it('reports a wrong cum with the expected value', () => {
    const t = table()
    t[2] = { ...t[2], cum: '1250' } as (typeof t)[number]
    expect(checkBracketTable({ brackets: t })).toEqual([
      {
        index: 2,
        field: 'cum',
        message: 'brackets[2].cum is 1250, expected 1300',
        expected: '1300',
        actual: '1250',
      },
    ])
  })

  it('reports a cum that is not 0 in bracket 1', () => {
    const t = table()
    t[0] = { ...t[0], cum: '5' } as (typeof t)[number]
    const problems = checkBracketTable({ brackets: t })
    expect(problems.map((p) => [p.index, p.field, p.expected])).toEqual([[0, 'cum', '0']])
  })

  it('reports a floor that differs from the previous cap (gap) and one below it (overlap)', () => {
    const gap = table()
    gap[1] = { ...gap[1], notionalFloor: '60000' } as (typeof gap)[number]
    const overlap = table()
    overlap[1] = { ...overlap[1], notionalFloor: '40000' } as (typeof overlap)[number]
    const g = checkBracketTable({ brackets: gap }).filter((p) => p.field === 'notionalFloor')
    const o = checkBracketTable({ brackets: overlap }).filter((p) => p.field === 'notionalFloor')
    expect(g[0]?.message).toBe(
      "brackets[1].notionalFloor leaves a gap after the previous bracket's notionalCap",
    )
    expect(o[0]?.message).toBe(
      "brackets[1].notionalFloor overlaps the previous bracket's notionalCap",
    )
    expect(o[0]).toMatchObject({ expected: '50000', actual: '40000' })
  })

  it('reports tiers out of ascending order (numbering, floors, rate, leverage, cum)', () => {
    const [a, b] = table()
    const problems = checkBracketTable({ brackets: [b, a].filter((x) => x !== undefined) })
    expect(problems.map((p) => p.field)).toEqual([
      'bracket',
      'notionalFloor',
      'cum',
      'bracket',
      'notionalFloor',
      'maintMarginRatio',
      'initialLeverage',
    ])
  })

  it('reports a cap not above its floor, a first floor above 0, a falling rate and a rising leverage', () => {
    const t = table()
    t[0] = { ...t[0], notionalFloor: '10' } as (typeof t)[number]
    t[1] = {
      ...t[1],
      notionalCap: '50000',
      maintMarginRatio: '0.003',
      initialLeverage: 150,
    } as (typeof t)[number]
    const fields = checkBracketTable({ brackets: t }).map((p) => `${p.index}:${p.field}`)
    expect(fields).toContain('0:notionalFloor')
    expect(fields).toContain('1:notionalCap')
    expect(fields).toContain('1:maintMarginRatio')
    expect(fields).toContain('1:initialLeverage')
  })

  it('reports an empty table as a problem of the whole table', () => {
    expect(checkBracketTable({ brackets: [] })).toEqual([
      { index: null, field: 'table', message: 'the table has no brackets' },
    ])
  })

  it('throws on a malformed value instead of reporting it', () => {
    expect(() =>
      checkBracketTable({
        brackets: [{ ...binanceBtcusdt[0], cum: 'NaN' }] as typeof binanceBtcusdt,
      }),
    ).toThrow('brackets[0].cum must be a non-negative decimal, got "NaN"')
  })
})
