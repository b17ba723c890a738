import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readEnvelope } from './decoders.ts'
import { envelope } from './envelope.ts'

describe('envelope', () => {
  it('reads a success whatever the case of its message ("Ok" or "OK")', () => {
    for (const message of ['Ok', 'OK']) {
      expect(readEnvelope({ code: 1000, message, trace: 't', data: [] })).toEqual({
        code: 1000,
        message,
        trace: 't',
        data: [],
      })
    }
  })

  it('reads a gateway error that uses msg instead of message and has no data', () => {
    expect(readEnvelope({ msg: 'Not found', code: 30000, trace: 'x' })).toEqual({
      code: 30000,
      message: 'Not found',
      trace: 'x',
      data: undefined,
    })
  })

  it('reads a code sent as a numeric string', () => {
    expect(
      readEnvelope({ code: '40034', message: 'symbol not found', trace: 't', data: {} })?.code,
    ).toBe(40034)
  })

  it('tolerates a missing trace and message', () => {
    expect(envelope.parse({ code: 1000, data: null })).toEqual({
      code: 1000,
      message: '',
      trace: null,
      data: null,
    })
  })

  it.each([null, [], 'html', { message: 'no code' }, { code: 'abc' }, { code: 1.5 }])(
    'is not fooled by %j',
    (body) => {
      expect(readEnvelope(body)).toBeUndefined()
    },
  )

  it('reads exactly what the zod envelope reads, to the same envelope (1,000 runs)', () => {
    const value = fc.oneof(
      fc.constantFrom(1000, '1000', '-7', '1e3', ' 12', '', 1.5, -3, 2 ** 60, null, true),
      fc.string({ maxLength: 4 }),
      fc.constant(undefined),
      fc.jsonValue({ maxDepth: 1 }),
    )
    const key = fc.constantFrom('code', 'message', 'msg', 'trace', 'data', 'extra')
    const body = fc.oneof(fc.dictionary(key, value, { maxKeys: 6 }), fc.jsonValue({ maxDepth: 2 }))
    fc.assert(
      fc.property(body, (b) => {
        const reference = envelope.safeParse(b)
        expect(readEnvelope(b)).toStrictEqual(reference.success ? reference.data : undefined)
      }),
      { numRuns: 1000 },
    )
  })
})
