/**
 * What `pnpm check:examples` reads, and what each example may take for granted.
 *
 * Every block is compiled as its own module, next to the file it is written in, against the
 * workspace sources (`tsconfig.source.json`). So an example stays short, a block may use
 * without importing:
 *
 * - every public export of the package it is written in (a block in `packages/client/**`
 *   sees `createClient`, `ApiError`, ...; names the block declares itself win);
 * - the package's prelude below: a few ambient values that a reader of that package's docs
 *   has anyway (a client, a base URL);
 * - in Markdown, the imports and declarations of the blocks above it in the same file, as a
 *   reader who reads top to bottom has them (see `context.ts`).
 *
 * Blocks anywhere else (the root README, the guides) import what they use.
 *
 * A block that cannot compile on purpose (a sketch, an excerpt of a larger program) is fenced
 * as ```` ```ts nocheck: why it is not checked ````; a `nocheck` without a reason is a problem.
 */

/** Files whose TSDoc `@example` tags hold code. Globs relative to the repository root. */
export const tsdocFiles: string[] = ['packages/*/src/**/*.ts', 'apps/**/src/**/*.{ts,tsx}']

/** Markdown files whose ```` ```ts ```` blocks are code: READMEs and the guides. */
export const markdownFiles: string[] = [
  'README.md',
  'packages/*/README.md',
  'apps/*/README.md',
  'apps/docs/**/*.md',
]

/** Never read: tests (their code is checked by `pnpm typecheck`) and build output. */
export const ignoredFiles: string[] = [
  '**/node_modules/**',
  '**/dist/**',
  '**/*.test.ts',
  '**/*.test-d.ts',
]

/**
 * Ambient values per package, keyed by the name each declares. A block that declares the same
 * name itself gets its own. Types are written as `import('...')` types, so a prelude never
 * collides with the block's imports.
 */
export const preludes: Record<string, Record<string, string>> = {
  '@perpkit/client': {
    client: "declare const client: import('@perpkit/client').PerpkitClient",
    baseUrl: 'declare const baseUrl: string',
    // What a `catch (error)` holds, for examples that show how to branch on an error.
    error: 'declare const error: unknown',
  },
  '@perpkit/sandbox': {
    sandbox: "declare const sandbox: import('@perpkit/sandbox').Sandbox",
  },
  '@perpkit/schemas': {
    // A response's parsed JSON, before any validation.
    body: 'declare const body: { code: number; message?: string; data: unknown }',
  },
  '@perpkit/analytics': {
    client: "declare const client: import('@perpkit/client').PerpkitClient",
    // What a reader fetched with that client: one contract, its funding, a position to price.
    contract: "declare const contract: import('@perpkit/schemas').Contract",
    fundingRate: "declare const fundingRate: import('@perpkit/schemas').FundingRate",
    position: "declare const position: import('@perpkit/analytics').LiquidationPriceParameters",
  },
  '@perpkit/redis-limiter': {
    client: "declare const client: import('@perpkit/client').PerpkitClient",
    redis: "declare const redis: import('@perpkit/redis-limiter').RedisCommands",
  },
  '@perpkit/signer': {
    // The runtime globals of the Bun and Deno recipes (as in packages/signer/examples/
    // runtime-globals.d.ts: @types/bun and @types/deno would redeclare Node's globals).
    Bun:
      'declare const Bun: { readonly env: Record<string, string | undefined>; serve(options: ' +
      '{ hostname?: string; port?: number; fetch: (request: Request) => Response | ' +
      'Promise<Response> }): { readonly url: URL; readonly port: number; stop(): void } }',
    Deno:
      'declare const Deno: { readonly env: { get(name: string): string | undefined }; serve(' +
      'options: { hostname?: string; port?: number; onListen?: (address: { port: number }) => ' +
      'void }, handler: (request: Request) => Response | Promise<Response>): ' +
      '{ shutdown(): Promise<void> } }',
  },
  '@perpkit/demo': {
    client: "declare const client: import('@perpkit/client').PerpkitClient",
  },
}
