import { describe, expect, it } from 'vitest'
import { parseCliArgs } from './parse-cli-args.ts'

describe('parseCliArgs', () => {
  it('reads numbers, a numeric or string seed, flags and a frozen clock', () => {
    const command = parseCliArgs([
      '--port',
      '8080',
      '--seed',
      '7',
      '--no-rate-limit',
      '--depth-levels',
      '100',
      '--now',
      '2026-01-01T00:00:00Z',
      '-q',
    ])
    if (command.help) throw new Error('unexpected help')
    expect(command.options).toMatchObject({
      port: 8080,
      seed: 7,
      rateLimit: false,
      depthLevels: 100,
      quiet: true,
    })
    expect(command.options.now?.()).toBe(Date.UTC(2026, 0, 1))
    const named = parseCliArgs(['--seed', 'demo'])
    expect(named.help === false && named.options.seed).toBe('demo')
  })

  it('builds credentials for signed mode only from all three of key, secret and memo', () => {
    const command = parseCliArgs([
      '--api-key',
      'k',
      '--secret',
      's',
      '--memo',
      'm',
      '--get-body-rule',
      'empty',
    ])
    expect(command.help === false && command.options).toMatchObject({
      credentials: { apiKey: 'k', secret: 's', memo: 'm' },
      getBodyRule: 'empty',
    })
    expect(() => parseCliArgs(['--api-key', 'k'])).toThrow(/--secret/)
  })

  it('turns quirks and CORS off, picks a catalog and lists allowed origins', () => {
    const command = parseCliArgs(['--no-quirks', '--contracts', 'live', '--no-cors'])
    expect(command.help === false && command.options).toMatchObject({
      quirks: false,
      contracts: 'live',
      cors: false,
    })
    const listed = parseCliArgs([
      '--contracts',
      '300',
      '--cors-origin',
      'http://a.example',
      '--cors-origin',
      'http://b.example',
    ])
    expect(listed.help === false && listed.options).toEqual({
      contracts: 300,
      cors: ['http://a.example', 'http://b.example'],
    })
    expect(() => parseCliArgs(['--contracts', 'many'])).toThrow(/--contracts/)
    expect(() => parseCliArgs(['--no-cors', '--cors-origin', 'http://a.example'])).toThrow()
  })

  it("switches to a deployment's header names, frozen keys, endpoint auth, dated futures and invented faults", () => {
    const command = parseCliArgs([
      '--rate-limit-header-prefix',
      'X-BM',
      '--rate-limit-header',
      'remaining=X-Used',
      '--api-key',
      'k',
      '--secret',
      's',
      '--memo',
      'm',
      '--frozen-api-key',
      'k',
      '--endpoint-auth',
      'signed',
      '--api-key-header',
      'X-BM-KEY',
      '--signature-header',
      'X-BM-SIGN',
      '--timestamp-header',
      'X-BM-TIMESTAMP',
      '--dated-futures',
      '--invented-faults',
    ])
    expect(command.help === false && command.options).toMatchObject({
      rateLimitHeaderPrefix: 'X-BM',
      rateLimitHeaderNames: { remaining: 'X-Used' },
      frozenApiKeys: ['k'],
      endpointAuth: 'SIGNED',
      headerNames: { apiKey: 'X-BM-KEY', signature: 'X-BM-SIGN', timestamp: 'X-BM-TIMESTAMP' },
      datedFutures: true,
      inventedFaults: true,
    })
    expect(() => parseCliArgs(['--rate-limit-header', 'remaining'])).toThrow(/role=name/)
    expect(() => parseCliArgs(['--endpoint-auth', 'keyed'])).toThrow(/table or signed/)
    // Rate limits are on unless turned off: the old opt-in flag is gone.
    expect(() => parseCliArgs(['--rate-limit'])).toThrow()
  })

  it('refuses unknown options and bad values, and recognizes --help', () => {
    expect(() => parseCliArgs(['--nope'])).toThrow()
    expect(() => parseCliArgs(['--port', 'eighty'])).toThrow(/--port/)
    expect(() => parseCliArgs(['--get-body-rule', 'json'])).toThrow(/query or empty/)
    // `date +%s` gives seconds: a sandbox frozen in January 1970 would list no contract.
    expect(() => parseCliArgs(['--now', '1768478400'])).toThrow(
      '--now 1768478400 reads as epoch seconds: give epoch milliseconds (1768478400000) or an ISO date',
    )
    expect(parseCliArgs(['-h'])).toEqual({ help: true })
  })
})
