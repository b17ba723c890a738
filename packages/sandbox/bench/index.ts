/**
 * `pnpm bench` of the sandbox: the load test (autocannon at 100 and 500
 * connections, server and load generator in separate processes, against raw
 * `node:http` sending the same bytes), then the keep-alive fetch batches
 * (fresh K-line windows, weekly candles, the live catalog beside the default one).
 *
 * Run: `cd packages/sandbox && npx tsx bench/index.ts`
 */
await import('./load.ts')
await import('./fetch-batches.ts')

export {}
