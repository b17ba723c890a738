/**
 * The verifying server under Deno (`Deno.serve`) or Bun (`Bun.serve`), on 127.0.0.1 and a
 * free port, which it prints as `{"port":N}`.
 */
import { handle } from './probe.ts'

declare const Deno:
  | {
      serve(
        options: { hostname: string; port: number; onListen(address: { port: number }): void },
        handler: (request: Request) => Promise<Response>,
      ): unknown
    }
  | undefined
declare const Bun:
  | { serve(options: { hostname: string; port: number; fetch: typeof handle }): { port: number } }
  | undefined

if (typeof Deno !== 'undefined') {
  Deno.serve(
    {
      hostname: '127.0.0.1',
      port: 0,
      onListen: ({ port }) => console.log(JSON.stringify({ port })),
    },
    handle,
  )
} else if (typeof Bun !== 'undefined') {
  const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: handle })
  console.log(JSON.stringify({ port: server.port }))
} else {
  throw new Error('serve-fetch runs under Deno or Bun')
}
