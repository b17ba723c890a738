import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { decodeData, type EndpointPath, endpoints } from '../src/index.ts'
import {
  bracketSample,
  contractSample,
  depthSample,
  fundingHistorySample,
  fundingRateSample,
  fundingRatesSample,
  klineSample,
  openInterestSample,
  tradeSample,
} from './samples.ts'

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

const samples: Record<EndpointPath, () => unknown> = {
  '/contract/public/kline': klineSample,
  '/contract/public/markprice-kline': klineSample,
  '/contract/public/market-trade': tradeSample,
  '/contract/public/funding-rate': fundingRateSample,
  '/contract/public/funding-rate-history': fundingHistorySample,
  '/contract/public/details': () => ({ symbols: [contractSample()] }),
  '/contract/public/leverage-bracket': bracketSample,
  '/contract/public/depth': depthSample,
  '/contract/public/open-interest': openInterestSample,
  '/contract/public/funding-rate-v2': fundingRatesSample,
}

describe('without eval (a strict Content-Security-Policy)', () => {
  it('decodes every endpoint and reports drift with the generated decoders alone', async () => {
    vi.resetModules()
    vi.stubGlobal('Function', RefusedFunction)
    vi.stubGlobal('eval', () => {
      throw new EvalError('eval disallowed')
    })
    const strict = await import('../src/decoders.ts')
    for (const path of Object.keys(samples) as EndpointPath[]) {
      const data = samples[path]()
      const decoded = strict.tryDecodeData(path, data)
      const reference = decodeData(endpoints[path], data)
      expect(decoded?.data).toEqual(reference.success && reference.data)
      expect(decoded?.drift).toEqual(reference.success && reference.drift)
    }
  })

  it('ships no run-time code that makes code: no `new Function`, no `eval`', () => {
    const src = fileURLToPath(new URL('../src/', import.meta.url))
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) =>
        file.endsWith('.ts') &&
        !file.endsWith('.test.ts') &&
        !file.startsWith('codegen') &&
        !file.startsWith('openapi'),
    )
    expect(files).toContain('generated/decoders.ts')
    for (const file of files) {
      const text = readFileSync(`${src}${file}`, 'utf8')
      expect([file, /new Function\b|\beval\(/.test(text)]).toEqual([file, false])
    }
  })
})
