/**
 * The page side of the browser suite, bundled for the browser with esbuild:
 * the client as an application would ship it, driven through
 * `window.perpkitPage` by `page.evaluate`. Every answer is plain data, so it
 * crosses back to the test as is.
 */
import {
  type CallOptions,
  type ClientOptions,
  createClient,
  PerpkitError,
} from '../../src/index.ts'

/** What a call gave, as plain data. */
export type PageOutcome =
  | { ok: true; data: unknown; rateLimit: unknown; attempts: number }
  | { ok: false; name: string; message: string; perpkit: boolean }

/** The page's entry points. */
export interface PerpkitPage {
  /** Calls `method` of a fresh client; `abort()` aborts it. */
  call(
    options: ClientOptions,
    method: string,
    params: unknown,
    call?: Omit<CallOptions, 'signal'>,
  ): Promise<PageOutcome>
  /** Aborts the call in flight. */
  abort(): void
  /** Whether the page runs with WebCrypto (a secure context). */
  hasWebCrypto: boolean
}

declare global {
  interface Window {
    perpkitPage: PerpkitPage
  }
}

let controller = new AbortController()

type Method = (
  params: unknown,
  call: CallOptions,
) => { withResponse(): Promise<{ data: unknown; rateLimit: unknown; attempts: number }> }

window.perpkitPage = {
  async call(options, method, params, call = {}) {
    controller = new AbortController()
    try {
      const client = createClient(options) as unknown as Record<string, Method>
      const run = client[method] as Method
      const { data, rateLimit, attempts } = await run
        .call(client, params, { ...call, signal: controller.signal })
        .withResponse()
      return { ok: true, data, rateLimit, attempts }
    } catch (error) {
      const { name, message } = error as Error
      return { ok: false, name, message, perpkit: error instanceof PerpkitError }
    }
  },
  abort: () => controller.abort(),
  hasWebCrypto: typeof globalThis.crypto?.subtle?.importKey === 'function',
}
