import { handle } from './fetch-handler.ts'

// A Worker in module syntax (Cloudflare Workers, workerd): its fetch handler is the service.
export default { fetch: handle }
