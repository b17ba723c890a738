import { handle } from './fetch-handler.ts'

Deno.serve(
  {
    hostname: '127.0.0.1',
    port: Number(Deno.env.get('PORT') ?? 8080),
    onListen: ({ port }) => console.log(`listening on http://127.0.0.1:${port}/`),
  },
  handle,
)
