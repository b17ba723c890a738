import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_RATE_LIMIT_HEADER_PREFIX,
  endpointPaths,
  rateLimitHeaderNames,
} from '../src/index.ts'
import { buildOpenApiDocument } from '../src/openapi/document.ts'
import { attachExamples, readExamples } from '../src/openapi/examples.ts'
import { documentFields } from '../src/openapi/field-docs.ts'

/**
 * The document as the tools people bring read it (generated types, mock servers, samplers,
 * linters): each property here is one those tools need.
 */
type Json = Record<string, unknown>
const document = buildOpenApiDocument() as Json
const components = document.components as {
  schemas: Record<string, Json>
  responses: Record<string, Json>
}
const schemas = components.schemas
const paths = document.paths as Record<string, { get: Json }>

/** The value at `keys` inside `value`, or `undefined`. */
function pick(value: unknown, ...keys: string[]): unknown {
  let at = value
  for (const key of keys) at = (at as Json | undefined)?.[key]
  return at
}

function responsesOf(path: string): Record<string, Json> {
  return paths[path]?.get.responses as Record<string, Json>
}

/** Every JSON Schema object property in the components, with where it is. */
function everyProperty(): { where: string; name: string; schema: Json }[] {
  const found: { where: string; name: string; schema: Json }[] = []
  const walk = (node: unknown, where: string) => {
    if (typeof node !== 'object' || node === null) return
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) walk(item, `${where}[${i}]`)
      return
    }
    const json = node as Json
    for (const [name, schema] of Object.entries((json.properties as Record<string, Json>) ?? {})) {
      found.push({ where, name, schema })
    }
    for (const [key, value] of Object.entries(json)) {
      if (key !== 'examples' && key !== 'example') walk(value, `${where}.${key}`)
    }
  }
  walk(components.schemas, 'components.schemas')
  return found
}

describe('the document, for generated types and mock servers', () => {
  it('types the details row by its properties alone: no anyOf of required, both precision keys optional', () => {
    const row = pick(schemas, 'ContractsData', 'properties', 'symbols') as { items: Json }
    expect(row.items.anyOf).toBeUndefined()
    const properties = row.items.properties as Record<string, Json>
    expect(Object.keys(properties)).toEqual(
      expect.arrayContaining(['vol_precision', 'volume_precision']),
    )
    expect(row.items.required).not.toContain('vol_precision')
    expect(row.items.required).not.toContain('volume_precision')
    expect(properties.vol_precision?.description).toMatch(/carries it or `volume_precision`/)
    expect(properties.product_type).toMatchObject({ type: 'integer', enum: [1, 2] })
    expect(Object.keys(properties)).toEqual(expect.arrayContaining(['tradfi_info', 'funding_time']))
  })

  it('gives a depth level items beside prefixItems and exactly three of them', () => {
    expect(schemas.DepthLevel).toMatchObject({
      type: 'array',
      items: { $ref: '#/components/schemas/UnsignedDecimalString' },
      minItems: 3,
      maxItems: 3,
    })
    expect(schemas.DepthLevel?.prefixItems).toHaveLength(3)
  })

  it('describes every field, and states the unit of every time field (x-unit)', () => {
    const properties = everyProperty()
    expect(properties.length).toBeGreaterThan(60)
    for (const { where, name, schema } of properties) {
      expect(schema.description, `${where}.${name}`).toEqual(expect.any(String))
      if (/(^|_)(time|timestamp)$/.test(name)) {
        expect(['s', 'ms'], `${where}.${name}`).toContain(schema['x-unit'])
      }
    }
    const unitOf = (component: string, ...keys: string[]) =>
      keys.reduce<Json | undefined>(
        (at, key) => at?.[key] as Json | undefined,
        schemas[component],
      )?.['x-unit']
    expect(unitOf('KlinesData', 'items', 'properties', 'timestamp')).toBe('s')
    expect(unitOf('DepthData', 'properties', 'timestamp')).toBe('ms')
    expect(unitOf('TradesData', 'items', 'properties', 'time')).toBe('s')
    const kline = paths['/contract/public/kline']?.get.parameters as Json[]
    expect(kline.find((p) => p.name === 'start_time')?.['x-unit']).toBe('s')
  })

  it('refuses a field without a description and a time field without a unit', () => {
    const row = (properties: Json) => ({ type: 'object', properties })
    expect(() => documentFields('Row', row({ sequence: { type: 'integer' } }))).toThrow(
      /"sequence" has no description/,
    )
    expect(() => documentFields('KlinesData', row({ symbol: { type: 'string' } }))).toThrow(
      /documents KlinesData \[\]\.timestamp, which it does not have/,
    )
  })

  it('requires trace (and the whole envelope of a success), and caps and defaults the lists', () => {
    expect(schemas.DepthResponse?.required).toEqual(['code', 'message', 'trace', 'data'])
    const badRequest = responsesOf('/contract/public/depth')['400'] as {
      content: Record<string, { schema: Json }>
    }
    expect(badRequest.content['application/json']?.schema.required).toEqual(['code', 'trace'])
    expect(schemas.KlinesData?.maxItems).toBe(500)
    expect(schemas.TradesData?.maxItems).toBe(100)
    expect(pick(schemas, 'FundingRateHistoryData', 'properties', 'list', 'maxItems')).toBe(100)
    const limitOf = (path: string) =>
      (pick(paths, path, 'get', 'parameters') as Json[]).find((p) => p.name === 'limit')?.schema
    expect(limitOf('/contract/public/market-trade')).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 50,
    })
    expect(limitOf('/contract/public/funding-rate-history')).toMatchObject({
      maximum: 100,
      default: 100,
    })
  })

  it('tags every operation with a tag the document defines, /system/time included', () => {
    const defined = (document.tags as { name: string }[]).map((tag) => tag.name)
    expect(Object.keys(paths)).toEqual([...endpointPaths, '/system/time'])
    for (const [path, { get }] of Object.entries(paths)) {
      expect(get.tags, path).toHaveLength(1)
      expect(defined).toContain((get.tags as string[])[0])
    }
    expect(schemas.SystemTimeData).toMatchObject({
      properties: { server_time: { type: 'integer', 'x-unit': 'ms' } },
      required: ['server_time'],
    })
  })

  it('names the rate-limit headers with the default prefix, required, with their live meanings', () => {
    const names = rateLimitHeaderNames(DEFAULT_RATE_LIMIT_HEADER_PREFIX)
    expect(names.limit).toBe('X-RateLimit-Limit')
    const ok = responsesOf('/contract/public/depth')['200'] as { headers: Json }
    expect(Object.keys(ok.headers)).toEqual([names.limit, names.remaining, names.reset, names.mode])
    const headers = (document.components as { headers: Record<string, Json> }).headers
    for (const header of Object.values(headers)) expect(header.required).toBe(true)
    expect(headers.RateLimitRemaining?.description).toMatch(/USED/)
    expect(headers.RateLimitReset?.description).toMatch(/LENGTH in seconds/)
    expect(JSON.stringify(document)).not.toMatch(/X-PK-/)
  })
})

describe('the examples of the answers', () => {
  /** Each example, where it is, and the JSON pointer of its schema in the document. */
  const examples: { where: string; pointer: string; value: unknown }[] = []
  const token = (text: string) => text.replaceAll('~', '~0').replaceAll('/', '~1')
  const collect = (response: Json, where: string, pointer: string) => {
    for (const [type, media] of Object.entries((response.content as Record<string, Json>) ?? {})) {
      for (const [name, example] of Object.entries(
        (media.examples as Record<string, Json>) ?? {},
      )) {
        const schema = `${pointer}/content/${token(type)}/schema`
        examples.push({ where: `${where} ${type} ${name}`, pointer: schema, value: example.value })
      }
    }
  }
  for (const [path, { get }] of Object.entries(paths)) {
    for (const [status, response] of Object.entries(get.responses as Record<string, Json>)) {
      if (response.$ref === undefined) {
        collect(response, `${path} ${status}`, `/paths/${token(path)}/get/responses/${status}`)
      }
    }
  }
  for (const [name, response] of Object.entries(components.responses)) {
    collect(response, name, `/components/responses/${name}`)
  }

  it('are on every answer of every path, from the sandbox (success and maintenance on each 200)', () => {
    for (const path of Object.keys(paths)) {
      expect(
        examples.some((e) => e.where === `${path} 200 application/json ok`),
        path,
      ).toBe(true)
    }
    for (const path of endpointPaths) {
      expect(examples.map((e) => e.where)).toContain(`${path} 200 application/json maintenance`)
      expect(examples.map((e) => e.where)).toContain(`${path} 400 application/json unknown symbol`)
    }
    for (const name of ['Unauthorized', 'TooManyRequests', 'Blocked', 'InternalError']) {
      expect(
        examples.some((e) => e.where.startsWith(`${name} application/json`)),
        name,
      ).toBe(true)
    }
  })

  it('validate against the schemas they illustrate (JSON Schema 2020-12)', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true })
    ajv.addSchema(document, 'openapi')
    for (const { where, pointer, value } of examples) {
      const validate = ajv.getSchema(`openapi#${pointer}`)
      if (validate === undefined) throw new Error(`no schema at ${pointer}`)
      expect(validate(value), `${where}: ${ajv.errorsText(validate.errors)}`).toBe(true)
    }
    // The check can fail: a price sent as a number is refused.
    const kline = examples.find((e) => e.where.startsWith('/contract/public/kline 200'))
    const broken = structuredClone(kline?.value) as { data: Json[] }
    ;(broken.data[0] as Json).open_price = 95000.1
    expect(ajv.getSchema(`openapi#${kline?.pointer}`)?.(broken)).toBe(false)
  })

  it('look real: prices and times from the pinned clock, not "string" and 0', () => {
    const depth = examples.find((e) => e.where === '/contract/public/depth 200 application/json ok')
    const data = pick(depth, 'value', 'data') as { timestamp: number; bids: string[][] }
    expect(data.timestamp).toBe(Date.UTC(2026, 0, 15, 12))
    expect(data.bids).toHaveLength(5)
    expect(Number(data.bids[0]?.[0])).toBeGreaterThan(1000)
  })

  it('stop the generator when a response has none, or when one has no response', () => {
    const complete = readExamples()
    const without = structuredClone(complete)
    delete without.paths['/contract/public/depth']?.['400']
    expect(() => buildOpenApiDocument(without)).toThrow(
      /no example for GET \/contract\/public\/depth 400 application\/json/,
    )
    const stray = structuredClone(complete)
    stray.paths['/contract/public/nope'] = {}
    expect(() => buildOpenApiDocument(stray)).toThrow(
      /examples for unknown paths \/contract\/public\/nope/,
    )
    expect(() => attachExamples({ paths: {}, components: { responses: {} } }, complete)).toThrow(
      /examples for unknown paths/,
    )
  })
})
