import { describe, expect, it } from 'vitest'
import { cpuMicros, formatSpread, spreadOf } from './spread.ts'

describe('spreadOf and formatSpread', () => {
  it('give the median and the range of the runs', () => {
    const spread = spreadOf([1.4, 1.1, 1.23])
    expect(spread).toEqual({ median: 1.23, min: 1.1, max: 1.4, runs: 3 })
    expect(formatSpread(spread)).toBe('1.23 (1.10–1.40)')
    expect(formatSpread(spreadOf([250, 120]), 0, ' µs')).toBe('185 µs (120 µs–250 µs)')
  })

  it('are NaN for no runs rather than a made-up number', () => {
    expect(spreadOf([]).median).toBeNaN()
  })
})

describe('cpuMicros', () => {
  it('counts the CPU the process spends, never backwards', () => {
    const before = cpuMicros()
    let x = 0
    for (let i = 0; i < 2_000_000; i++) x += i % 7
    expect(x).toBeGreaterThan(0)
    expect(cpuMicros()).toBeGreaterThan(before)
  })
})
