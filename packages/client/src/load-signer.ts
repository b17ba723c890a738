/**
 * The signer loads on the first signed request, not at import: a client of
 * public endpoints never loads it. Browser bundles get
 * `load-signer.browser.ts` instead (the `browser` field of package.json).
 *
 * @module
 */

/** The parts of `@perpkit/signer` the client uses. */
export type Signer = typeof import('./signer-used.ts')

let loading: Promise<Signer> | undefined

/**
 * `@perpkit/signer`, imported once and cached.
 *
 * @returns The signer's parts the client uses.
 * @example
 * ```ts
 * const { signRequest } = await loadSigner()
 * ```
 */
export function loadSigner(): Promise<Signer> {
  loading ??= import('./signer-used.ts')
  return loading
}
