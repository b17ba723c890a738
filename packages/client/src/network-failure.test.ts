import { describe, expect, it } from 'vitest'
import { isNetworkFailure } from './network-failure.ts'

/** An error with a `code`, as Node's system errors and Bun's fetch errors carry. */
const coded = <E extends Error>(error: E, code: string): E => Object.assign(error, { code })

// The rejections other runtimes give, as they give them: taken from Bun 1.4.5 and Deno 2.9.6
// against the same loopback sockets as test/network-errors.test.ts (Node's come from there
// for real), and from the browsers' documented wording (Chromium's is also in the browser suite).
describe('isNetworkFailure', () => {
  it.each([
    [
      'undici, connection refused',
      new TypeError('fetch failed', {
        cause: coded(new Error('connect ECONNREFUSED 127.0.0.1:1'), 'ECONNREFUSED'),
      }),
    ],
    [
      'Bun, connection refused',
      coded(
        new TypeError('ECONNREFUSED: Unable to connect. Is the computer able to access the url?'),
        'ECONNREFUSED',
      ),
    ],
    [
      'Bun, reset',
      coded(
        new TypeError('ECONNRESET: The socket connection was closed unexpectedly.'),
        'ECONNRESET',
      ),
    ],
    [
      'Deno, connection refused',
      new TypeError('fetch failed', {
        cause: new Error(
          'error sending request for url (http://127.0.0.1:1/): client error (Connect)',
        ),
      }),
    ],
    ['Deno, body cut off', new TypeError('error reading a body from connection')],
    ['Chromium', new TypeError('Failed to fetch')],
    ['Chromium, body cut off', new TypeError('network error')],
    ['Firefox', new TypeError('NetworkError when attempting to fetch resource.')],
    ['Safari', new TypeError('Load failed')],
  ])('%s: a network failure', (_runtime, error) => {
    expect(isNetworkFailure(error)).toBe(true)
  })

  it.each([
    [
      'a bug reading a property',
      new TypeError("Cannot read properties of undefined (reading 'dispatcher')"),
    ],
    ['a bug calling a non-function', new TypeError('fetch is not a function')],
    [
      "Node's programming error code",
      coded(new TypeError('The "url" argument must be of type string'), 'ERR_INVALID_ARG_TYPE'),
    ],
    ['a plain Error with a network-like message', new Error('fetch failed')],
    ['a string', 'Failed to fetch'],
    ['undefined', undefined],
  ])('%s: not a network failure', (_kind, error) => {
    expect(isNetworkFailure(error)).toBe(false)
  })
})
