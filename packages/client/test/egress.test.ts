/**
 * Egress addresses: the server counts its budget per client address (live
 * servers per IP, the sandbox per socket address), and a Node client picks
 * its source address through undici's `Agent({ localAddress })` passed to the
 * `fetch` option. (`Agent({ connect: { localAddress } })` does not work: undici
 * overwrites it with the Agent's own `localAddress`, undefined by default, and
 * the connection leaves from the default address; the first test would fail.)
 * All of 127/8 is loopback on Linux, so one machine shows several "IPs".
 */
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { Agent, fetch as undiciFetch } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createClient,
  type FetchFunction,
  InProcessRateLimitStore,
  RateLimitError,
} from '../src/index.ts'

const DEPTH = '/contract/public/depth'
/** A window far longer than the test: nothing here depends on time passing. */
const budget = { limit: 2, windowMs: 600_000 }
const agents: Agent[] = []
let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox({
    quiet: true,
    rateLimit: true,
    rateLimitBudgets: { [DEPTH]: budget },
  })
})
afterAll(async () => {
  await sandbox.close()
  await Promise.all(agents.map((agent) => agent.close()))
})

/** A fetch whose connections leave from `localAddress`. */
function fetchFrom(localAddress: string): FetchFunction {
  const dispatcher = new Agent({ localAddress })
  agents.push(dispatcher)
  return (url, init) => undiciFetch(url, { ...init, dispatcher })
}

/** A client on one egress address, with that address's own budget. */
const clientFrom = (localAddress: string) =>
  createClient({
    baseUrl: sandbox.url,
    fetch: fetchFrom(localAddress),
    retry: 0,
    // One budget per egress address: the server keeps one per IP.
    rateLimit: { store: new InProcessRateLimitStore(), budgets: { [DEPTH]: budget } },
  })

describe('requests from two loopback source addresses', () => {
  it('each spend their own budget on the server: both use the whole of it, none is refused', async () => {
    const seen: Record<string, (number | undefined)[]> = {}
    for (const address of ['127.0.0.2', '127.0.0.3']) {
      const client = clientFrom(address)
      seen[address] = []
      for (let i = 0; i < budget.limit; i++) {
        const { rateLimit } = await client.getDepth({ symbol: 'BTCUSDT' }).withResponse()
        seen[address].push(rateLimit?.used)
      }
    }
    // `used` is the server's count for the address that asked: 1, 2 on each.
    expect(seen).toEqual({ '127.0.0.2': [1, 2], '127.0.0.3': [1, 2] })
  })

  it('and one address over its budget is refused by the server (the control: the sandbox does count)', async () => {
    // A fresh store knows nothing of the two calls already made from 127.0.0.2.
    const error = await clientFrom('127.0.0.2')
      .getDepth({ symbol: 'BTCUSDT' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RateLimitError)
    expect((error as RateLimitError).httpStatus).toBe(429)
  })
})
