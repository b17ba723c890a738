/**
 * `load-signer.ts` for browser bundles, picked by the `browser` field of
 * package.json: the signer is imported statically. A bundle holds the signer
 * either way, and an `import()` would make the bundler wrap every module
 * behind it in a lazy initializer (bytes for nothing in one file). Same
 * exports, same behaviour: only when the module is evaluated differs.
 *
 * @module
 */
import type { Signer } from './load-signer.ts'
import { signRequest } from './signer-used.ts'

const loaded: Promise<Signer> = Promise.resolve({ signRequest })

/**
 * `@perpkit/signer`, already imported.
 *
 * @returns The signer's parts the client uses.
 * @example
 * ```ts
 * const { signRequest } = await loadSigner()
 * ```
 */
export function loadSigner(): Promise<Signer> {
  return loaded
}
