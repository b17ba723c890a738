import { handle } from './fetch-handler.ts'

const server = Bun.serve({
  hostname: '127.0.0.1',
  port: Number(Bun.env.PORT ?? 8080),
  fetch: handle,
})
console.log(`listening on ${server.url}`)
