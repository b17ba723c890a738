import { LOOKS_LIKE_SECONDS_BELOW } from './clock.ts'
import type { BodyRule, HttpMethod } from './signed-body.ts'

/** What the hints look at. Secrets are inspected, never quoted. */
export interface HintInput {
  method: HttpMethod
  rule: BodyRule
  query: string
  body: string
  secret: string
  memo: string
  timestamp: string
  /** The current time (epoch ms) the timestamp is compared with. */
  now: number
}

const onlyDigits = /^\d+$/
// Characters a URL serializer (fetch, URL, ky) percent-encodes in a query, or cuts it at.
const needsEncoding = /[\s"#<>`\u0080-\uffff]/

/**
 * Checks a signing input for the usual causes of a rejected signature and returns one
 * sentence per suspicion. Never quotes the secret or the memo.
 */
export function collectHints(input: HintInput): string[] {
  const hints: string[] = []
  if (onlyDigits.test(input.memo)) {
    hints.push(
      'The memo is all digits: is it an account or user id? The memo is the text chosen when ' +
        'the API key was created.',
    )
  }
  if (input.memo.trim() !== input.memo) {
    hints.push('The memo starts or ends with whitespace (a stray newline from a file or env?).')
  }
  if (input.secret.trim() !== input.secret) {
    hints.push('The secret starts or ends with whitespace (a stray newline from a file or env?).')
  }
  const timestamp = Number(input.timestamp)
  if (timestamp > 0 && timestamp < LOOKS_LIKE_SECONDS_BELOW) {
    hints.push('The timestamp looks like seconds; it must be epoch milliseconds.')
  } else if (Math.abs(timestamp - input.now) > 30_000) {
    hints.push(
      'The timestamp is more than 30 s away from now (this machine clock unless now is ' +
        'given); servers accept about 30 s of skew, so sign every attempt afresh and check the clock.',
    )
  }
  if (input.method === 'GET' && input.rule === 'query' && input.query !== '') {
    hints.push(
      "GET signs the query string (the spec's rule); some deployments sign an empty body for " +
        "GET instead: if rejected, try getBodyRule: 'empty'.",
    )
  }
  if (input.method === 'GET' && input.rule === 'empty' && input.query !== '') {
    hints.push(
      "GET signs an empty body (getBodyRule: 'empty'); the spec signs the query string: if " +
        "rejected, try getBodyRule: 'query'.",
    )
  }
  if (input.rule === 'query' && needsEncoding.test(input.body)) {
    hints.push(
      'The query holds spaces, quotes, # or non-ASCII characters; the URL sent will ' +
        'percent-encode them, so sign the encoded string actually sent (new ' +
        'URLSearchParams(...).toString() gives one).',
    )
  }
  if (input.rule === 'json' && input.query !== '') {
    hints.push(`${input.method} signs the JSON body only; its query string is not signed.`)
  }
  if (input.rule === 'json' && input.body !== '' && !isJson(input.body)) {
    hints.push(`The ${input.method} body is not valid JSON; sign the exact JSON text sent.`)
  }
  return hints
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}
