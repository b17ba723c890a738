/**
 * The examples of the OpenAPI document's answers, asked of real sandboxes over HTTP with a
 * pinned clock: each endpoint's success (and its maintenance answer, which live servers send
 * with HTTP 200) and its 400, the gateway's `/system/time`, and the shared error answers
 * (401 from a signed deployment, 429 and 418 from the rate limiter, the faults' 500 and 503).
 * Answers are kept as sent (key order, live number formats, `"Ok"` or `"OK"`), except the
 * trace, which is random on every answer and is replaced by a fixed one derived from where
 * the example goes, so the same sandbox gives the same file.
 *
 * @module
 */
import { createHash } from 'node:crypto'
import { type FaultKind, faultKinds, type Sandbox, startSandbox } from '@perpkit/sandbox'
import { type EndpointPath, endpointPaths } from '@perpkit/schemas'
import type {
  NamedExamples,
  OpenApiExamples,
} from '../../../../packages/schemas/src/openapi/examples.ts'
import { EXAMPLES_NOW, exampleQueries } from './example-queries.ts'

type Query = Record<string, string | number>

/** One answer: its status, media type and body (parsed when JSON). */
interface Answer {
  status: number
  type: string
  body: unknown
}

/** A trace that looks like a sandbox's (a UUID), the same for the same place in the file. */
function fixedTrace(where: string): string {
  const hex = createHash('sha256').update(where).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** Asks `path` of a sandbox and reads the answer. */
async function ask(
  sandbox: Sandbox,
  path: string,
  query: Query,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const url = new URL(path, sandbox.url)
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value))
  const response = await fetch(url, { headers })
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? ''
  const text = await response.text()
  return {
    status: response.status,
    type,
    body: type === 'application/json' ? JSON.parse(text) : text,
  }
}

/** The answer as an example for `where`, after checking its status and media type. */
function exampleOf(answer: Answer, status: number, type: string, where: string): unknown {
  if (answer.status !== status || answer.type !== type) {
    throw new Error(
      `examples: ${where} answered ${answer.status} ${answer.type}, not ${status} ${type}`,
    )
  }
  const body = answer.body
  if (typeof body === 'object' && body !== null && 'trace' in body) {
    // In place, so the key keeps its position.
    ;(body as { trace: string }).trace = fixedTrace(where)
  }
  return body
}

/** A fault's header, or `undefined` when this sandbox has no such fault. */
function faultHeader(kind: string): Record<string, string> | undefined {
  return (faultKinds as readonly string[]).includes(kind)
    ? { 'x-sandbox-fault': kind as FaultKind }
    : undefined
}

const JSON_TYPE = 'application/json'
const HTML_TYPE = 'text/html'
const ABOUT = `Answers of perpkit sandboxes started with seed 1 and the clock pinned at ${new Date(EXAMPLES_NOW).toISOString()} (its other options the defaults: quirks on; five book levels a side), to the queries of apps/openapi-tools/src/examples/example-queries.ts; traces replaced by fixed ones (a sandbox's are random). Written by \`pnpm --filter @perpkit/openapi-tools examples\`: do not edit.`

/** Each endpoint's examples, and `/system/time`'s. */
async function pathExamples(market: Sandbox): Promise<OpenApiExamples['paths']> {
  const paths: OpenApiExamples['paths'] = {}
  const maintenance = faultHeader('maintenance')
  for (const path of endpointPaths) {
    const query = exampleQueries[path as EndpointPath]
    const ok: NamedExamples = {
      ok: exampleOf(await ask(market, path, query), 200, JSON_TYPE, `${path} 200`),
    }
    if (maintenance) {
      const answer = await ask(market, path, query, maintenance)
      ok.maintenance = exampleOf(answer, 200, JSON_TYPE, `${path} 200 maintenance`)
    }
    const unknown = await ask(market, path, { ...query, symbol: 'NOPEUSDT' })
    paths[path] = {
      '200': { [JSON_TYPE]: ok },
      '400': {
        [JSON_TYPE]: { 'unknown symbol': exampleOf(unknown, 400, JSON_TYPE, `${path} 400`) },
      },
    }
  }
  const time = await ask(market, '/system/time', {})
  paths['/system/time'] = {
    '200': { [JSON_TYPE]: { ok: exampleOf(time, 200, JSON_TYPE, '/system/time 200') } },
  }
  return paths
}

/** The shared error answers, from the sandboxes that give them. */
async function sharedExamples(
  market: Sandbox,
  limited: Sandbox,
  signed: Sandbox,
): Promise<OpenApiExamples['responses']> {
  const path = '/contract/public/depth'
  const query = exampleQueries[path]
  const fault = async (kind: string, status: number, type: string, name: string) => {
    const header = faultHeader(kind)
    if (header === undefined) return {}
    return { [name]: exampleOf(await ask(market, path, query, header), status, type, name) }
  }
  const first = await ask(limited, path, query)
  exampleOf(first, 200, JSON_TYPE, 'the first request of a budget of one')
  const over = await ask(limited, path, query)
  const blocked = await ask(limited, path, query)
  const unauthorized = await ask(signed, path, query)
  const responses: OpenApiExamples['responses'] = {
    Unauthorized: {
      [JSON_TYPE]: { 'no key': exampleOf(unauthorized, 401, JSON_TYPE, 'Unauthorized') },
    },
    Forbidden: { [HTML_TYPE]: await fault('forbidden-html', 403, HTML_TYPE, 'CDN page') },
    TooManyRequests: {
      [JSON_TYPE]: { 'over the budget': exampleOf(over, 429, JSON_TYPE, 'TooManyRequests') },
    },
    Blocked: { [JSON_TYPE]: { blocked: exampleOf(blocked, 418, JSON_TYPE, 'Blocked') } },
    InternalError: {
      [JSON_TYPE]: await fault('server-error', 500, JSON_TYPE, 'server error'),
    },
    Unavailable: {
      [JSON_TYPE]: await fault('unavailable', 503, JSON_TYPE, 'unavailable'),
      [HTML_TYPE]: await fault('unavailable-html', 503, HTML_TYPE, 'CDN page'),
    },
  }
  // A fault this sandbox does not have yet leaves its media type out (the generator says so).
  for (const byType of Object.values(responses)) {
    for (const [type, named] of Object.entries(byType)) {
      if (Object.keys(named).length === 0) delete byType[type]
    }
  }
  return responses
}

/**
 * Starts the sandboxes, asks them every example and closes them.
 *
 * @returns The examples file's content.
 */
export async function collectExamples(): Promise<OpenApiExamples> {
  const common = { seed: 1, now: () => EXAMPLES_NOW, depthLevels: 5, quiet: true } as const
  const sandboxes = await Promise.all([
    // inventedFaults: the 500 example (the sandbox's own failure) needs the server-error fault.
    startSandbox({ ...common, rateLimit: false, inventedFaults: true }),
    startSandbox({
      ...common,
      rateLimitBudgets: { '/contract/public/depth': { limit: 1, windowMs: 60_000 } },
    }),
    startSandbox({
      ...common,
      rateLimit: false,
      credentials: { apiKey: 'example-key', secret: 'example-secret', memo: 'example-memo' },
      // Public endpoints stay public in signed mode, as live: the 401 examples need them signed.
      endpointAuth: 'SIGNED',
    }),
  ])
  try {
    const [market, limited, signed] = sandboxes
    return {
      about: ABOUT,
      paths: await pathExamples(market),
      responses: await sharedExamples(market, limited, signed),
    }
  } finally {
    await Promise.all(sandboxes.map((sandbox) => sandbox.close()))
  }
}
