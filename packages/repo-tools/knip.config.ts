import type { KnipConfig } from 'knip'

/**
 * `pnpm check:unused`: exports nothing imports, dependencies nothing uses, imports of
 * packages a manifest does not list, and files nothing reaches. Run from the repository root;
 * workspace paths below are relative to it.
 *
 * Entry points come from what each package declares (knip reads them itself): `exports`,
 * `bin`, the files its `scripts` run (`tsx bench/index.ts`, `tsx src/main.ts`), and the
 * vitest projects' test files and setup. Listed here is only what knip cannot see.
 */

// Besides vitest.config.ts, the browser and Redis suites (root `test:browser`, `test:redis`).
const vitest = {
  config: ['vitest.config.ts', 'vitest.browser.config.ts', 'vitest.redis.config.ts'],
}

const config: KnipConfig = {
  // System tools, not packages: the recorder's disk-full test mounts a small tmpfs.
  ignoreBinaries: ['mount', 'umount'],
  workspaces: {
    '.': {
      entry: ['vitest.*.ts'],
    },
    // `exports` and `bin` point at dist/, which knip cannot map back to src/ (the source
    // tsconfig has no outDir), so each published entry point is named by its source here.
    'packages/*': {
      entry: ['src/index.ts'],
      vitest,
    },
    'packages/schemas': {
      entry: ['src/index.ts', 'src/lite.ts', 'src/decoders.ts', 'src/runtime.ts'],
      // The decoder generator formats its output with the root's Biome (node_modules/.bin).
      ignoreDependencies: ['biome'],
      vitest,
    },
    'packages/client': {
      // Run by path in child processes by test/first-call-modules.test.ts.
      entry: ['src/index.ts', 'test/fixtures/*.{ts,mjs}'],
      vitest,
    },
    'packages/signer': {
      // The runtime matrix bundles runtimes/* and the Bun, Deno and Worker recipes
      // (examples/*) by path and runs them in each runtime; the Hono benchmark spawns its
      // service by path.
      entry: ['src/index.ts', 'runtimes/*.ts', 'examples/*.ts', 'bench/hono-server.ts'],
      // Imported only by README examples (compiled by check:examples).
      ignoreDependencies: ['redis'],
      vitest,
    },
    'packages/redis-limiter': {
      // Spawned by path as a child process by test/replay.redis.test.ts.
      entry: ['src/index.ts', 'test/replay-service.ts'],
      vitest,
    },
    'packages/sandbox': {
      // bin/perpkit-sandbox.js runs the compiled dist/bin.js; the load benchmark forks its
      // servers by path.
      entry: ['src/index.ts', 'src/bin.ts', 'bench/load-server.ts'],
      vitest,
    },
    'packages/recorder': {
      // bin/perpkit-recorder.js runs the compiled dist/bin.js; the turn tests spawn a party by path.
      entry: ['src/index.ts', 'src/bin.ts', 'test/fixtures/turn-party.ts'],
      vitest,
    },
    // Private packages: `exports` already names the source (the kits), or scripts are run by
    // path from the root's package.json (these checks).
    'packages/bench-kit': { vitest },
    'packages/test-kit': { vitest },
    'packages/repo-tools': {
      entry: ['src/check-*.ts'],
      vitest,
    },
    'apps/*': { vitest },
    'apps/consumer-smoke': {
      // Copied into scratch projects and run there against the packed tarballs.
      entry: ['fixture/**/*.ts'],
      vitest,
    },
    'apps/openapi-tools': {
      // Their CLIs are run by path with this Node (src/tool-bin.ts), never imported.
      ignoreDependencies: ['@redocly/cli', '@stoplight/prism-cli', '@stoplight/spectral-cli'],
      vitest,
    },
  },
}

export { config as default }
