/**
 * The page of the Content-Security-Policy suite, bundled for the browser
 * with code splitting (as Vite, Rollup or `esbuild --splitting` bundle an
 * app) and served with `Content-Security-Policy: script-src 'self'`: no
 * `eval`, no `new Function`. Driven through `window.perpkitCsp`.
 */
import { sign, signRequest, verify } from '@perpkit/signer'
import { type ClientOptions, createClient, PerpkitError } from '../../src/index.ts'

/** What a call gave, as plain data. */
export type CspOutcome =
  | { ok: true; data: unknown }
  | { ok: false; name: string; message: string; perpkit: boolean }

/** The page's entry points. */
export interface PerpkitCsp {
  /** Calls `method` of a fresh client with `params`. */
  call(options: ClientOptions, method: string, params: unknown): Promise<CspOutcome>
  /** Signs `input` with WebCrypto; then signs a request and verifies it (and a tampered copy). */
  signAndVerify(input: {
    secret: string
    memo: string
    timestamp: number
    body: string
  }): Promise<{ signature: string; verified: boolean; tampered: boolean }>
  /** What `new Function` does here: `'refused'` under the policy. */
  tryEval(): Promise<string>
  /** The policy violations the page has seen, in order. */
  violations: { directive: string; blocked: string }[]
}

declare global {
  interface Window {
    perpkitCsp: PerpkitCsp
  }
}

const violations: PerpkitCsp['violations'] = []
document.addEventListener('securitypolicyviolation', (event) => {
  violations.push({ directive: event.effectiveDirective, blocked: event.blockedURI })
})

type Method = (params: unknown) => Promise<unknown>

/**
 * Runs `work` in a task of its own. Code that `page.evaluate` runs directly
 * runs under DevTools' evaluation, which Chromium lets eval whatever the
 * policy (`allowUnsafeEvalBlockedByCSP`); a task of the page's own does not.
 */
function inTask<T>(work: () => T | Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    setTimeout(() => Promise.resolve().then(work).then(resolve, reject), 0)
  })
}

const credentials = { apiKey: 'csp-key', secret: 'csp-secret', memo: 'csp-memo' }

window.perpkitCsp = {
  call: (options, method, params) =>
    inTask(async (): Promise<CspOutcome> => {
      try {
        const client = createClient(options) as unknown as Record<string, Method>
        const data = await (client[method] as Method).call(client, params)
        return { ok: true, data }
      } catch (error) {
        const { name, message } = error as Error
        return { ok: false, name, message, perpkit: error instanceof PerpkitError }
      }
    }),
  signAndVerify: (input) =>
    inTask(async () => {
      const signature = await sign(input)
      const headers = await signRequest({
        method: 'GET',
        query: 'symbol=BTCUSDT',
        credentials,
        auth: 'SIGNED',
      })
      const check = (query: string) =>
        verify({ method: 'GET', query, headers, credentials }).then((result) => result.ok)
      return {
        signature,
        verified: await check('symbol=BTCUSDT'),
        tampered: await check('symbol=ETHUSDT'),
      }
    }),
  tryEval: () =>
    inTask(() => {
      try {
        return String(new Function('return "allowed"')())
      } catch (error) {
        return error instanceof EvalError ? 'refused' : String(error)
      }
    }),
  violations,
}
