/**
 * The document works with the usual TypeScript tooling: `openapi-typescript` generates types
 * from it that type-check (strict, with `@ts-expect-error` lines proving they are neither
 * `any` nor `unknown`: a details row's `symbol`, a depth level's price and its length), and
 * `openapi-fetch` typed with them reads a real sandbox.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import createClient from 'openapi-fetch'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '../src/index.ts'
import { NOW, NOW_SECONDS } from './helpers.ts'
import { openApiText } from './openapi-document.ts'

/** Code written against the generated types, as a user of openapi-fetch would write it. */
const usage = `
import type createClient from 'openapi-fetch'
import type { components, paths } from './schema.ts'

type Create = typeof createClient

/** The best bid of a contract, through openapi-fetch typed by the generated paths. */
export async function bestBid(create: Create, baseUrl: string, symbol: string): Promise<string | undefined> {
  const client = create<paths>({ baseUrl })
  const { data, error } = await client.GET('/contract/public/depth', { params: { query: { symbol } } })
  if (data === undefined) throw new Error('depth failed: ' + JSON.stringify(error))
  if (data.code !== 1000 && data.code !== '1000') throw new Error('code ' + data.code)
  const level = data.data.bids?.[0]
  const bid: string | undefined = level?.[0]
  // @ts-expect-error a price is a decimal string, not a number
  const asNumber: number | undefined = level?.[0]
  void asNumber
  return bid
}

/** A level's parts, from the generated type of a level: three strings, no more. */
export function levelParts(level: components['schemas']['DepthLevel']): string {
  // @ts-expect-error a level is [price, qty, total]: there is no fourth element
  void level[3]
  const [price, qty, total] = level
  return price + ' ' + qty + ' ' + total
}

/** The first contract of details, read field by field as a row typed by its properties. */
export async function firstSymbol(create: Create, baseUrl: string): Promise<string | undefined> {
  const client = create<paths>({ baseUrl })
  const { data, error } = await client.GET('/contract/public/details', { params: { query: {} } })
  if (data === undefined) throw new Error('details failed: ' + JSON.stringify(error))
  if (data.code !== 1000 && data.code !== '1000') throw new Error('code ' + data.code)
  const row = data.data.symbols[0]
  // @ts-expect-error a symbol is a string, not a number
  const asNumber: number | undefined = row?.symbol
  void asNumber
  const type: 1 | 2 | undefined = row?.product_type
  const step: string | undefined = row?.vol_precision ?? row?.volume_precision
  return type === undefined || step === undefined ? undefined : row?.symbol
}

/** The server clock, from the gateway's /system/time. */
export async function serverTime(create: Create, baseUrl: string): Promise<number> {
  const client = create<paths>({ baseUrl })
  const { data, error } = await client.GET('/system/time')
  if (data === undefined) throw new Error('time failed: ' + JSON.stringify(error))
  return data.data.server_time
}

/** The number of hourly candles of a window (start and end in epoch seconds). */
export async function hourlyCandles(create: Create, baseUrl: string, start: number, end: number): Promise<number> {
  const client = create<paths>({ baseUrl })
  const { data, error } = await client.GET('/contract/public/kline', {
    params: { query: { symbol: 'BTCUSDT', step: 60, start_time: start, end_time: end } },
  })
  if (data === undefined) throw new Error('kline failed: ' + JSON.stringify(error))
  if (data.code !== 1000 && data.code !== '1000') throw new Error('code ' + data.code)
  const first: string | undefined = data.data[0]?.close_price
  return first === undefined ? 0 : data.data.length
}

/** The error code of a request for an unknown symbol (a documented 400 body). */
export async function unknownSymbolCode(create: Create, baseUrl: string): Promise<number | string | undefined> {
  const client = create<paths>({ baseUrl })
  const { error } = await client.GET('/contract/public/funding-rate', { params: { query: { symbol: 'NOPEUSDT' } } })
  // A 503 may be the CDN's HTML page: the types say so.
  return typeof error === 'object' ? error.code : undefined
}

export function refusedByTheTypes(create: Create, baseUrl: string): void {
  const client = create<paths>({ baseUrl })
  // @ts-expect-error 7 is not a K-line step
  void client.GET('/contract/public/kline', { params: { query: { symbol: 'BTCUSDT', step: 7, start_time: 0, end_time: 1 } } })
  // @ts-expect-error no such path
  void client.GET('/contract/public/nope')
}
`

let dir: string
let sandbox: Sandbox

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'perpkit-openapi-'))
  const ast = await openapiTS(JSON.parse(openApiText) as Parameters<typeof openapiTS>[0])
  writeFileSync(join(dir, 'schema.ts'), astToString(ast))
  writeFileSync(join(dir, 'usage.ts'), usage)
  sandbox = await startSandbox({ rateLimit: false, now: () => NOW, quiet: true })
})

afterAll(async () => {
  await sandbox.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('openapi-typescript and openapi-fetch', () => {
  it('generate types from openapi.json that type-check strictly, and are not any', () => {
    const require = createRequire(import.meta.url)
    const openapiFetchTypes = join(require.resolve('openapi-fetch'), '../index.d.mts')
    const program = ts.createProgram([join(dir, 'usage.ts')], {
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      // The libraries' own .d.ts are not what is tested (and checking lib.dom costs seconds).
      skipLibCheck: true,
      paths: { 'openapi-fetch': [openapiFetchTypes] },
    })
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    expect(diagnostics).toEqual([])
  }, 60_000)

  it('read a real sandbox: a book, a window of candles, a details row, the clock and a documented error', async () => {
    const use = (await import(pathToFileURL(join(dir, 'usage.ts')).href)) as {
      bestBid: (
        create: typeof createClient,
        url: string,
        symbol: string,
      ) => Promise<string | undefined>
      hourlyCandles: (
        create: typeof createClient,
        url: string,
        start: number,
        end: number,
      ) => Promise<number>
      unknownSymbolCode: (
        create: typeof createClient,
        url: string,
      ) => Promise<number | string | undefined>
      firstSymbol: (create: typeof createClient, url: string) => Promise<string | undefined>
      serverTime: (create: typeof createClient, url: string) => Promise<number>
    }
    expect(await use.bestBid(createClient, sandbox.url, 'BTCUSDT')).toMatch(/^\d+\.\d$/)
    expect(await use.bestBid(createClient, sandbox.url, 'NTRNUSDT')).toBeUndefined()
    const end = NOW_SECONDS - (NOW_SECONDS % 3600)
    expect(await use.hourlyCandles(createClient, sandbox.url, end - 9 * 3600, end)).toBe(10)
    expect(await use.unknownSymbolCode(createClient, sandbox.url)).toBe(40034)
    expect(await use.firstSymbol(createClient, sandbox.url)).toBe('BTCUSDT')
    expect(await use.serverTime(createClient, sandbox.url)).toBe(NOW)
  })
})
