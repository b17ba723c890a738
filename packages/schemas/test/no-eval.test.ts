import { afterEach, describe, expect, it, vi } from 'vitest'
import { decodeData, endpoints } from '../src/index.ts'
import { bracketSample, contractSample, fundingRatesSample, klineSample } from './samples.ts'

/** Code generation refused, as on a page whose Content-Security-Policy lacks 'unsafe-eval'. */
class RefusedFunction {
  constructor() {
    throw new EvalError('Code generation from strings disallowed for this context')
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.resetModules()
})

describe('without eval (a strict Content-Security-Policy)', () => {
  it('decodes and reports drift exactly as with generated code', async () => {
    vi.resetModules()
    vi.stubGlobal('Function', RefusedFunction)
    const strict = await import('../src/index.ts')
    const { generate } = await import('../src/jit.ts')
    expect(generate([], [], 'return 1')).toBeUndefined()
    const old = contractSample()
    delete old.market_max_volume
    const bad = klineSample()
    ;(bad[1] as Record<string, unknown>).volume = 'n/a'
    const cases = [
      ['/contract/public/details', { symbols: [contractSample(), old] }],
      ['/contract/public/kline', klineSample()],
      ['/contract/public/kline', bad],
      ['/contract/public/funding-rate-v2', fundingRatesSample()],
      ['/contract/public/leverage-bracket', bracketSample()],
    ] as const
    for (const [path, data] of cases) {
      const withoutEval = strict.decodeData(strict.endpoints[path], data)
      expect(withoutEval).toEqual(decodeData(endpoints[path], data))
    }
    expect(strict.decodeData(strict.endpoints['/contract/public/kline'], bad).success).toBe(false)
  })
})
