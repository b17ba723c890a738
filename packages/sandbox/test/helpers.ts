/**
 * Shared test helpers: a pinned clock, HTTP calls that return status,
 * headers and the parsed body, and exact decimal arithmetic written
 * independently of the sandbox's own.
 */
import { type EndpointPath, type EndpointWire, endpoints } from '@perpkit/schemas'
import type { DepthWire } from '../src/market/depth.ts'

/** The pinned "now" of most tests: 2026-11-20 12:34:56.789 UTC. */
export const NOW = Date.UTC(2026, 10, 20, 12, 34, 56, 789)
export const NOW_SECONDS = Math.floor(NOW / 1000)

/** An answer: status, headers, raw text and the JSON body (when it is JSON). */
export interface Reply {
  status: number
  headers: Headers
  text: string
  body: Record<string, unknown>
}

/** Builds a URL from a base, a path and query parameters (in the given order). */
function urlOf(base: string, path: string, query: Record<string, string | number> = {}): string {
  const search = new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString()
  return `${base}${path}${search === '' ? '' : `?${search}`}`
}

/** Calls the sandbox and reads the whole answer. */
export async function call(
  base: string,
  path: string,
  query: Record<string, string | number> = {},
  init: RequestInit = {},
): Promise<Reply> {
  const res = await fetch(urlOf(base, path, query), init)
  const text = await res.text()
  let body: Record<string, unknown> = {}
  try {
    body = JSON.parse(text) as Record<string, unknown>
  } catch {
    // Not JSON (HTML pages, truncated bodies): the tests read `text`.
  }
  return { status: res.status, headers: res.headers, text, body }
}

/** Calls an endpoint, expects success, and returns `data` after checking it with the wire schema. */
export async function fetchData<P extends EndpointPath>(
  base: string,
  path: P,
  query: Record<string, string | number> = {},
): Promise<EndpointWire<P>> {
  const reply = await call(base, path, query)
  if (reply.status !== 200 || reply.body.code !== 1000) {
    throw new Error(`${path} answered ${reply.status}: ${reply.text.slice(0, 300)}`)
  }
  const parsed = endpoints[path].wire.safeParse(reply.body.data)
  if (!parsed.success)
    throw new Error(`${path} payload fails its wire schema: ${parsed.error.message}`)
  return reply.body.data as EndpointWire<P>
}

/** An exact decimal as (units, scale), parsed independently of the sandbox. */
function scaled(text: string): { units: bigint; scale: number } {
  const [whole = '', fraction = ''] = text.replace('-', '').split('.')
  const units = BigInt(whole + fraction)
  return { units: text.startsWith('-') ? -units : units, scale: fraction.length }
}

/** Exact product of decimal strings, as a comparable normalized string. */
export function product(...factors: string[]): string {
  let units = 1n
  let scale = 0
  for (const f of factors) {
    const s = scaled(f)
    units *= s.units
    scale += s.scale
  }
  return normalize(units, scale)
}

/** Exact comparison value of a decimal string (trailing zeros dropped). */
export function exact(text: string): string {
  const { units, scale } = scaled(text)
  return normalize(units, scale)
}

/** Exact `previous + floor * (mmr - previousMmr)` on decimal strings (the bracket `cum` rule). */
export function cumStep(previous: string, floor: string, mmr: string, previousMmr: string): string {
  const at = (v: { units: bigint; scale: number }, scale: number) =>
    v.units * 10n ** BigInt(scale - v.scale)
  const p = scaled(previous)
  const f = scaled(floor)
  const m = scaled(mmr)
  const q = scaled(previousMmr)
  const mmrScale = Math.max(m.scale, q.scale)
  const step = { units: f.units * (at(m, mmrScale) - at(q, mmrScale)), scale: f.scale + mmrScale }
  const scale = Math.max(p.scale, step.scale)
  return normalize(at(p, scale) + at(step, scale), scale)
}

function normalize(units: bigint, scale: number): string {
  let u = units
  let s = scale
  while (s > 0 && u % 10n === 0n) {
    u /= 10n
    s -= 1
  }
  const negative = u < 0n
  const digits = (negative ? -u : u).toString().padStart(s + 1, '0')
  const text = s === 0 ? digits : `${digits.slice(0, -s)}.${digits.slice(-s)}`
  return negative ? `-${text}` : text
}

/** Exact decimal compare: negative, zero or positive. */
export function compareDecimals(a: string, b: string): number {
  const x = scaled(a)
  const y = scaled(b)
  const scale = Math.max(x.scale, y.scale)
  const xu = x.units * 10n ** BigInt(scale - x.scale)
  const yu = y.units * 10n ** BigInt(scale - y.scale)
  return xu < yu ? -1 : xu > yu ? 1 : 0
}

/** Fetches a book, typed with its sides (see `DepthWire`). */
export async function fetchDepth(base: string, symbol: string): Promise<DepthWire> {
  return (await fetchData(base, '/contract/public/depth', { symbol })) as DepthWire
}
