/**
 * `@perpkit/schemas/runtime`: everything `@perpkit/schemas` exports, built
 * into one module (Node's ESM loader pays per file). It is the package's one
 * implementation: `@perpkit/schemas` re-exports it, and zod stays an import,
 * so a process holds one zod and one copy of the schemas whichever entry its
 * modules import (`instanceof` and the drift walk work across entries).
 * `@perpkit/client` loads it to explain a refusal.
 *
 * @example
 * ```ts
 * const { endpoints, decodeData } = await import('@perpkit/schemas/runtime')
 * ```
 *
 * @module
 */
export * from './index.ts'
