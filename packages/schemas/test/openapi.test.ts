import { readFileSync } from 'node:fs'
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { apiErrorCodes, endpointPaths, endpoints } from '../src/index.ts'
import { buildOpenApiDocument, openApiText } from '../src/openapi/document.ts'
import { wireSchemas } from '../src/openapi/json-schema.ts'

const file = new URL('../openapi.json', import.meta.url)

interface Operation {
  operationId: string
  parameters: { name: string; required: boolean; schema: Record<string, unknown> }[]
  responses: Record<
    string,
    { content?: Record<string, { schema: { properties: { code: { enum: unknown[] } } } }> }
  >
}

function operationOf(path: string): Operation {
  const paths = buildOpenApiDocument().paths as Record<string, { get: Operation }>
  const operation = paths[path]?.get
  if (operation === undefined) throw new Error(`no GET ${path} in the document`)
  return operation
}

describe('openapi.json', () => {
  it('is what the endpoint table generates (regenerate with `pnpm generate:openapi`)', () => {
    expect(readFileSync(file, 'utf8')).toBe(openApiText())
  })

  it('is accepted by an OpenAPI 3.1 validator', async () => {
    const validator = new Validator()
    const result = await validator.validate(JSON.parse(readFileSync(file, 'utf8')))
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it("has one GET per row of the table, named by its client method, and the gateway's /system/time", () => {
    const paths = buildOpenApiDocument().paths as Record<string, { get: Operation }>
    expect(Object.keys(paths)).toEqual([...endpointPaths, '/system/time'])
    for (const row of Object.values(endpoints)) {
      expect(paths[row.path]?.get.operationId).toBe(row.clientMethod)
    }
  })

  it("names each row's query parameters as its query schema does, required unless optional", () => {
    for (const row of Object.values(endpoints)) {
      const shape = row.query.shape as Record<string, z.core.$ZodType>
      const parameters = operationOf(row.path).parameters
      expect(parameters.map((p) => p.name)).toEqual(Object.keys(shape))
      for (const p of parameters) {
        expect(p.required, `${row.path} ${p.name}`).toBe(shape[p.name]?._zod.optin !== 'optional')
      }
    }
  })

  it('documents K-line params as the wire takes them: steps in minutes, times as integers', () => {
    const [, step, start] = operationOf('/contract/public/kline').parameters
    expect(step?.schema).toEqual({
      type: 'integer',
      enum: [1, 3, 5, 15, 30, 60, 120, 240, 360, 720, 1440, 4320, 10080],
    })
    expect(start?.schema).toEqual({ type: 'integer', minimum: 0, maximum: 999_999_999_999_999 })
    const limit = operationOf('/contract/public/market-trade').parameters[1]
    expect(limit?.schema).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 50 })
  })

  it('gives each endpoint the 400 codes of its parameters (40012 for a symbol on details)', () => {
    const codesOf = (path: string) =>
      operationOf(path).responses['400']?.content?.[
        'application/json'
      ]?.schema.properties.code.enum.filter((code) => typeof code === 'number')
    expect(codesOf('/contract/public/kline')).toEqual([
      apiErrorCodes.UNKNOWN_SYMBOL,
      apiErrorCodes.INVALID_STEP,
      apiErrorCodes.INVALID_TIMESTAMP,
    ])
    expect(codesOf('/contract/public/market-trade')).toEqual([
      apiErrorCodes.PARAMETER_ERROR,
      apiErrorCodes.UNKNOWN_SYMBOL,
    ])
    expect(codesOf('/contract/public/details')).toEqual([apiErrorCodes.UNKNOWN_DETAILS_SYMBOL])
  })

  it('refuses to document a z.custom on the wire that has no override, naming where it is', () => {
    const wire = z.object({ price: z.custom<string>((v) => typeof v === 'string') })
    expect(() => wireSchemas(new Map([['Row', wire]]))).toThrow(
      /no JSON Schema for the schema at \["properties","price"\].*overrides of src\/openapi\/json-schema\.ts/,
    )
  })
})
