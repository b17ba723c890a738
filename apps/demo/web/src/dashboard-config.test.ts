import { describe, expect, it } from 'vitest'
import { readDashboardConfig, readPageConfig } from './dashboard-config.ts'

const config = {
  baseUrl: 'http://127.0.0.1:4010',
  symbol: 'BTCUSDT',
  source: 'sandbox',
  credentials: { apiKey: 'k', secret: 's', memo: 'm' },
}

describe('reading /config.json', () => {
  it('accepts a complete configuration, with or without credentials', () => {
    expect(readDashboardConfig(config)).toEqual(config)
    expect(
      readDashboardConfig({ ...config, source: 'remote', credentials: null }).credentials,
    ).toBeNull()
  })

  it('names the first field that is missing or wrong', () => {
    expect(() => readDashboardConfig({ ...config, baseUrl: '' })).toThrow(
      "/config.json: 'baseUrl' must be a non-empty string",
    )
    expect(() => readDashboardConfig({ ...config, source: 'cloud' })).toThrow(
      "/config.json: 'source' must be 'sandbox' or 'remote'",
    )
    expect(() => readDashboardConfig({ ...config, credentials: { apiKey: 'k' } })).toThrow(
      "/config.json: 'secret' must be a non-empty string",
    )
    expect(() => readDashboardConfig(null)).toThrow("'baseUrl'")
  })

  it('reads archive mode when source is archive, and the live configuration otherwise', () => {
    const archive = { source: 'archive', symbol: 'ETHUSDT', archive: 'market.duckdb' }
    expect(readPageConfig(archive)).toEqual(archive)
    expect(readPageConfig(config)).toEqual(config)
    expect(() => readPageConfig({ ...archive, archive: 3 })).toThrow(
      "/config.json: 'archive' must be a non-empty string",
    )
  })
})
