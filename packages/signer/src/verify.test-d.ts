import type { IncomingHttpHeaders } from 'node:http'
import { describe, expectTypeOf, it } from 'vitest'
import {
  type HeadersInput,
  type SignedHeaders,
  signRequest,
  signRequestSync,
  type VerifyFailureReason,
  type VerifyResult,
  verify,
} from './index.ts'

describe('public types', () => {
  it('narrow VerifyResult on ok', () => {
    const result = {} as VerifyResult
    if (result.ok) {
      expectTypeOf(result.apiKey).toEqualTypeOf<string>()
      // @ts-expect-error a success has no reason
      void result.reason
    } else {
      expectTypeOf(result.reason).toEqualTypeOf<VerifyFailureReason>()
      expectTypeOf(result.message).toEqualTypeOf<string>()
    }
  })

  it('keep VerifyFailureReason a union of literal reasons, not any string', () => {
    expectTypeOf<string>().not.toExtend<VerifyFailureReason>()
    expectTypeOf<'timestamp-outside-window'>().toExtend<VerifyFailureReason>()
    expectTypeOf<'timestamp-outside-windows'>().not.toExtend<VerifyFailureReason>()
  })

  it("accept Node's IncomingHttpHeaders and WHATWG Headers as verify headers", () => {
    expectTypeOf<IncomingHttpHeaders>().toExtend<HeadersInput>()
    expectTypeOf<Headers>().toExtend<HeadersInput>()
  })

  it('make signRequest async and signRequestSync sync', () => {
    expectTypeOf(signRequest).returns.toEqualTypeOf<Promise<SignedHeaders>>()
    expectTypeOf(signRequestSync).returns.toEqualTypeOf<SignedHeaders>()
    expectTypeOf(verify).returns.toEqualTypeOf<Promise<VerifyResult>>()
  })

  it('require exactly one of credentials and lookup', () => {
    const headers = {}
    const credentials = { apiKey: 'k', secret: 's', memo: 'm' }
    void verify({ method: 'GET', headers, credentials })
    void verify({ method: 'GET', headers, lookup: () => undefined })
    // @ts-expect-error neither
    void verify({ method: 'GET', headers })
  })
})
