// Builds `@perpkit/schemas/runtime` (one file, so a process loads it fast) and makes it the
// only implementation: `dist/index.js` re-exports it. zod stays an import, so a process
// holds one zod and one copy of this package's state (the fast lists the drift walk reads),
// whichever entry each module imports.
//
// Bundlers for the browser get `dist/browser.js` instead (the `browser` condition of both
// entries): tsc's index, the modules one by one, which a bundle shares with `./lite` (the
// one-file runtime holds copies of lite's modules) and shakes as finely as the source.
//
// zod's cost at import is mostly its locales: zod 4.6's core/index.js does
// `export * as locales`, and every public zod entry (zod/mini's schemas included) imports
// core/index.js, so a process that loads zod/mini's classes loads locales/index.js and
// all 63 locale files (64 of zod's 92 modules). No exported subpath avoids them; upstream
// keeps the barrel (colinhacks/zod#6251: `z.locales` on zod/mini is documented).
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { build } from 'esbuild'

await build({
  entryPoints: ['dist/index.js'],
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  sourcemap: true,
  external: ['zod'],
  outfile: 'dist/runtime.js',
  logLevel: 'warning',
})
writeFileSync(
  'dist/browser.js',
  readFileSync('dist/index.js', 'utf8').replace(/\n\/\/# sourceMappingURL=.*\n?$/, '\n'),
)
writeFileSync(
  'dist/index.js',
  "// The implementation is ./runtime.js, one file: see scripts/build-runtime.mjs.\nexport * from './runtime.js'\n",
)
rmSync('dist/index.js.map', { force: true })
