/**
 * `@perpkit/schemas/runtime`: everything `@perpkit/schemas` exports, built
 * into one module with the parts of zod it uses inlined. Node's ESM loader
 * pays per file, and zod's entry points load some 150 (every locale
 * included); this one file loads in a fraction of the time, so a process's
 * first request comes sooner. `@perpkit/client` loads it on its first call.
 * Prefer `@perpkit/schemas` everywhere else: this copy's zod is its own.
 *
 * @example
 * ```ts
 * const { endpoints, decodeData } = await import('@perpkit/schemas/runtime')
 * ```
 *
 * @module
 */
export * from './index.ts'
