/**
 * What every framework recipe of the README (`examples/`) must do as a real service, sent from
 * Node over node:http (which, unlike `fetch`, can put a body on a GET): signed GET and POST
 * accepted with their signed data, a tampered POST refused (30005), a replayed one refused
 * (30007), a signed body that is not JSON answered 400 with 40007 (not a 500), and a GET or
 * DELETE carrying a body the signature does not cover refused (30005). Used by
 * `src/recipes.test.ts` (Hono, Express, Fastify, node:http) and by `runtimes/matrix.ts` (Bun,
 * Deno, workerd).
 *
 * @module
 */
import { Buffer } from 'node:buffer'
import { randomUUID } from 'node:crypto'
import { request } from 'node:http'
import { signRequest } from '../src/index.ts'

/** The key every recipe accepts. */
export const recipeCredentials = { apiKey: 'my-key', secret: 'my-secret', memo: 'my-memo' }

/** One answer: status, live code (if any) and the JSON body. */
export interface Outcome {
  status: number
  code: number | undefined
  body: unknown
}

function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${base}${path}`,
      {
        method,
        // An explicit length: Node frames no GET or DELETE body by itself.
        headers:
          body === undefined
            ? headers
            : {
                ...headers,
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(body)),
              },
        timeout: 30_000,
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () => {
          let parsed: unknown = text
          try {
            parsed = JSON.parse(text)
          } catch {
            // not JSON: kept as text, so a verdict can show it
          }
          const code = (parsed as { code?: unknown } | null)?.code
          resolve({
            status: response.statusCode ?? 0,
            code: typeof code === 'number' ? code : undefined,
            body: parsed,
          })
        })
      },
    )
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${method} ${path}: no answer`)))
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

/** The answers a recipe gives to each case, by case name. */
export type RecipeOutcomes = Record<string, Outcome>

/** Sends every case to the recipe at `base` (no trailing slash). */
export async function attackRecipe(base: string): Promise<RecipeOutcomes> {
  const credentials = recipeCredentials
  // A fresh order per run: the recipes' replay stores outlive one run in the same process.
  const order = { symbol: 'BTCUSDT', qty: '1', nonce: randomUUID() }
  const body = JSON.stringify(order)
  const post = await signRequest({ method: 'POST', body, credentials })
  const outcomes: RecipeOutcomes = {}
  outcomes.signedPost = await send(base, 'POST', '/orders', post, body)
  outcomes.replayedPost = await send(base, 'POST', '/orders', post, body)
  const tampered = JSON.stringify({ ...order, qty: '1000' })
  const tamperedHeaders = await signRequest({ method: 'POST', body, credentials })
  outcomes.tamperedPost = await send(base, 'POST', '/orders', tamperedHeaders, tampered)
  const notJson = `symbol=BTCUSDT&nonce=${order.nonce}`
  const notJsonHeaders = await signRequest({ method: 'POST', body: notJson, credentials })
  outcomes.notJsonPost = await send(base, 'POST', '/orders', notJsonHeaders, notJson)
  const query = `symbol=ETHUSDT&nonce=${order.nonce}`
  outcomes.signedGet = await send(
    base,
    'GET',
    `/orders?${query}`,
    await signRequest({ method: 'GET', query, credentials }),
  )
  const injected = '{"injected":true}'
  outcomes.getWithBody = await send(
    base,
    'GET',
    `/orders?${query}&with=body`,
    await signRequest({ method: 'GET', query: `${query}&with=body`, credentials }),
    injected,
  )
  outcomes.deleteWithBody = await send(
    base,
    'DELETE',
    `/orders?${query}`,
    await signRequest({ method: 'DELETE', query, credentials }),
    injected,
  )
  return outcomes
}

/** Each case's expected status and code, and what a 200 must carry. */
export const expectedRecipeOutcomes: Record<string, { status: number; code?: number }> = {
  signedPost: { status: 200 },
  replayedPost: { status: 401, code: 30007 },
  tamperedPost: { status: 401, code: 30005 },
  notJsonPost: { status: 400, code: 40007 },
  signedGet: { status: 200 },
  getWithBody: { status: 401, code: 30005 },
  deleteWithBody: { status: 401, code: 30005 },
}

/**
 * The cases a recipe got wrong, as `name=status/code` (empty when all passed). A 200 must
 * carry the signer's key and the signed data (the order, or the GET's symbol).
 */
export function recipeMistakes(outcomes: RecipeOutcomes): string[] {
  const mistakes: string[] = []
  for (const [name, expected] of Object.entries(expectedRecipeOutcomes)) {
    const outcome = outcomes[name]
    if (outcome === undefined) {
      mistakes.push(`${name}=missing`)
      continue
    }
    const body = outcome.body as { by?: unknown; order?: { qty?: unknown }; symbol?: unknown }
    const wrongData =
      expected.status === 200 &&
      (body?.by !== recipeCredentials.apiKey ||
        (name === 'signedPost' ? body.order?.qty !== '1' : body.symbol !== 'ETHUSDT'))
    if (outcome.status !== expected.status || outcome.code !== expected.code || wrongData) {
      mistakes.push(`${name}=${outcome.status}/${outcome.code ?? '-'}`)
    }
  }
  return mistakes
}
