import { createHmac } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SignerError } from './errors.ts'
import { type SignParameters, sign, signSync } from './sign.ts'

/** Independent oracle: node:crypto called directly on the spec's prehash. */
function oracle({ secret, memo, timestamp, body }: SignParameters): string {
  return createHmac('sha256', secret).update(`${timestamp}#${memo}#${body}`).digest('hex')
}

const knownAnswers: { name: string; input: SignParameters; signature: string }[] = [
  {
    name: 'a GET query string',
    input: {
      secret: 'my-secret',
      memo: 'my-memo',
      timestamp: 1700000000000,
      body: 'symbol=BTCUSDT',
    },
    signature: '',
  },
  {
    name: 'an empty body',
    input: { secret: 'my-secret', memo: 'my-memo', timestamp: '1700000000000', body: '' },
    signature: '',
  },
  {
    name: 'a JSON body with unicode and a non-ASCII secret',
    input: { secret: 'sécret-🔑', memo: 'mémo', timestamp: 1, body: '{"note":"ünïcode ✓"}' },
    signature: '',
  },
].map((c) => ({ ...c, signature: oracle(c.input) }))

describe('signSync and sign', () => {
  it('pins the signature of a fixed GET request (regression anchor)', () => {
    expect(
      signSync({
        secret: 'sécret',
        memo: 'memo',
        timestamp: 1700000000000,
        body: 'symbol=BTCUSDT',
      }),
    ).toBe('2193143d6476f1ce1eacf2a9d5bf2d7b5d2e2b48f06b3e91bbc24b541492638a')
  })

  it.each(knownAnswers)(
    'signSync gives HMAC-SHA256(secret, timestamp#memo#body) for $name',
    ({ input, signature }) => {
      expect(signSync(input)).toBe(signature)
    },
  )

  it.each(knownAnswers)(
    'sign gives HMAC-SHA256(secret, timestamp#memo#body) for $name',
    async ({ input, signature }) => {
      await expect(sign(input)).resolves.toBe(signature)
    },
  )

  it('returns 64 lower-case hex characters', async () => {
    const input = knownAnswers[0]!.input
    expect(signSync(input)).toMatch(/^[0-9a-f]{64}$/)
    expect(await sign(input)).toMatch(/^[0-9a-f]{64}$/)
  })

  it('agree with each other on 1,000 random inputs, unicode and lone surrogates included', async () => {
    const text = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      // Any UTF-16 code unit, lone surrogates included: both paths encode them as U+FFFD.
      fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }),
    )
    const nonEmpty = text.filter((s) => s.length > 0)
    const timestamp = fc.oneof(
      fc.nat({ max: Number.MAX_SAFE_INTEGER }),
      fc.stringMatching(/^\d{1,20}$/),
    )
    await fc.assert(
      fc.asyncProperty(nonEmpty, nonEmpty, timestamp, text, async (secret, memo, ts, body) => {
        const input = { secret, memo, timestamp: ts, body }
        const synchronous = signSync(input)
        expect(await sign(input)).toBe(synchronous)
        expect(synchronous).toBe(oracle(input))
      }),
      { numRuns: 1000 },
    )
    // 3,000 HMACs, a third on WebCrypto: seconds on a loaded 2-core machine,
    // past vitest's 5 s default (it timed out once there).
  }, 60_000)

  it('changes the signature when any one input changes', async () => {
    const base = knownAnswers[0]!.input
    const variants: SignParameters[] = [
      { ...base, secret: `${base.secret}x` },
      { ...base, memo: `${base.memo}x` },
      { ...base, timestamp: 1700000000001 },
      { ...base, body: `${base.body}&limit=5` },
    ]
    const signatures = new Set([signSync(base), ...variants.map(signSync)])
    expect(signatures.size).toBe(5)
    for (const variant of variants) expect(await sign(variant)).toBe(signSync(variant))
  })

  it.each([
    ['secret', { secret: '' }, /^secret is empty\./],
    ['memo', { memo: '' }, /^memo is empty\./],
  ])('rejects an empty %s with a message naming the field', async (_, patch, message) => {
    const input = { ...knownAnswers[0]!.input, ...patch }
    expect(() => signSync(input)).toThrowError(message)
    await expect(sign(input)).rejects.toThrowError(message)
  })

  it('rejects a missing secret (an unset environment variable) naming the field and type', async () => {
    const input = { ...knownAnswers[0]!.input, secret: undefined as unknown as string }
    const message =
      'secret must be a string, got undefined. Pass the API secret shown when the API key was created.'
    expect(() => signSync(input)).toThrowError(message)
    await expect(sign(input)).rejects.toThrowError(message)
  })

  it('rejects a timestamp that is not epoch milliseconds, as a rejection for sign', async () => {
    const input = { ...knownAnswers[0]!.input, timestamp: 1.5 }
    expect(() => signSync(input)).toThrowError(SignerError)
    await expect(sign(input)).rejects.toMatchObject({ code: 'invalid-argument' })
  })

  it('sign reports invalid input as a rejected promise, never as a synchronous throw', async () => {
    let pending: Promise<string> | undefined
    expect(() => {
      pending = sign({ secret: '', memo: 'm', timestamp: 1, body: '' })
    }).not.toThrow()
    await expect(pending).rejects.toMatchObject({ code: 'invalid-credentials' })
  })
})
