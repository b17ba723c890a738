/**
 * One method page per row of the endpoint table: what it calls, its params with units, the
 * model with units per field, the rate-limit budget, the errors it throws, and an example
 * that `pnpm check:examples` compiles.
 *
 * @module
 */
import type { EndpointDefinition } from '@perpkit/schemas'
import type { EndpointTypes, FieldInfo, ModelInfo } from './type-info.ts'

/** What a declared type means, for the unit column. */
const typeUnits: Record<string, string> = {
  EpochMs: 'epoch milliseconds',
  DecimalString: 'exact decimal string',
  KlineStepInput: "minutes (`60`) or an alias (`'1h'`)",
  'number | Date': 'epoch milliseconds or a `Date`',
}

/**
 * Example values per parameter name. A parameter without one fails the generator, so a new
 * parameter gets a realistic example rather than a placeholder.
 */
const exampleValues: Record<string, string> = {
  symbol: "'BTCUSDT'",
  step: "'1h'",
  startTime: 'Date.now() - 24 * 3_600_000',
  endTime: 'Date.now()',
  limit: '10',
}

// `{@link target text}`: the JSDoc form of a link text, since a `|` would split a table cell.
const publicLink = (name: string) => `{@link @perpkit/client!${name} ${name}}`
const modelLink = (name: string) => `{@link @perpkit/schemas!${name} ${name}}`

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ')
}

function unitOf(type: string): string {
  const base = type.replace(/ \| null$/, '')
  const unit = typeUnits[base] ?? ''
  return type.endsWith(' | null') && unit !== '' ? `${unit}, or \`null\`` : unit
}

function fieldTable(fields: FieldInfo[], required: boolean): string[] {
  const header = required
    ? ['| name | type | required | unit | meaning |', '|---|---|---|---|---|']
    : ['| field | type | unit | meaning |', '|---|---|---|---|']
  return [
    ...header,
    ...fields.map((field) =>
      required
        ? `| \`${field.name}\` | \`${cell(field.type)}\` | ${field.optional ? 'no' : 'yes'} | ${cell(unitOf(field.type))} | ${cell(field.doc)} |`
        : `| \`${field.name}\` | \`${cell(field.type)}\` | ${cell(unitOf(field.type))} | ${cell(field.doc)} |`,
    ),
  ]
}

function modelSection(model: ModelInfo, heading: string): string[] {
  return [heading, '', model.doc, '', ...fieldTable(model.fields, false), '']
}

/** Human wording of a budget: `12 requests per 2 s`. */
export function budgetText({ limit, windowMs }: EndpointDefinition['rateLimit']): string {
  const window = windowMs % 1000 === 0 ? `${windowMs / 1000} s` : `${windowMs} ms`
  return `${limit} requests per ${window}`
}

/** What the method returns, in a few words (`Depth`, `Kline[]`, ascending, at most 500). */
export function returnsText(row: EndpointDefinition, types: EndpointTypes, link = true): string {
  const name = link ? modelLink(types.model.name) : `\`${types.model.name}\``
  const facts = [
    row.order,
    row.maxRecords === undefined ? undefined : `at most ${row.maxRecords}`,
    row.defaultRecords === undefined ? undefined : `${row.defaultRecords} by default`,
  ].filter((fact) => fact !== undefined)
  const shape = types.isArray ? `an array of ${name}` : name
  return facts.length === 0 ? shape : `${shape} (${facts.join(', ')})`
}

function errorList(row: EndpointDefinition, types: EndpointTypes): string[] {
  const names = new Set(types.params.map((param) => param.name))
  return [
    types.params.length > 0
      ? `- ${publicLink('InvalidParamsError')}: the params were refused before any request (the message names the field).`
      : undefined,
    names.has('symbol')
      ? `- ${publicLink('UnknownSymbolError')}: the service does not know the symbol (a ${publicLink('BadRequestError')}).`
      : undefined,
    row.auth === 'NONE'
      ? undefined
      : `- ${publicLink('AuthError')}: missing or wrong credentials, signature or timestamp.`,
    `- ${publicLink('RateLimitError')}: the service answered 429 or 418 (the client's limiter keeps you under the budget, so this means another process shares your IP).`,
    `- ${publicLink('ServerError')} / ${publicLink('MaintenanceError')}: the service failed; retried first.`,
    `- ${publicLink('NetworkError')}, ${publicLink('TimeoutError')}, ${publicLink('AbortError')}: no answer, too slow (retried first), or your \`signal\` aborted.`,
    `- ${publicLink('ResponseValidationError')}: the answer did not match the schema (path, expected, received).`,
  ].filter((line) => line !== undefined)
}

function example(row: EndpointDefinition, types: EndpointTypes): string[] {
  const args = types.params.map((param) => {
    const value = exampleValues[param.name]
    if (value === undefined) {
      throw new Error(`apps/docs: add an example value for the "${param.name}" parameter`)
    }
    return `${param.name}: ${value}`
  })
  const call = `client.${row.clientMethod}(${args.length === 0 ? '' : `{ ${args.join(', ')} }`})`
  return [
    '```ts',
    "import { createClient } from '@perpkit/client'",
    "import { startSandbox } from '@perpkit/sandbox'",
    '',
    'const sandbox = await startSandbox()',
    'const client = createClient({ baseUrl: sandbox.url })',
    `const result = await ${call}`,
    'console.log(result)',
    'await sandbox.close()',
    '```',
  ]
}

/** The Markdown of one method page (a typedoc project document). */
export function methodPage(row: EndpointDefinition, types: EndpointTypes): string {
  const auth = row.auth === 'NONE' ? 'none (public)' : `\`${row.auth}\` (needs \`credentials\`)`
  return [
    '---',
    `title: ${row.clientMethod}`,
    '---',
    '',
    '<!-- Generated by apps/docs/src/generate.ts from the endpoint table: do not edit. -->',
    '',
    `# client.${row.clientMethod}()`,
    '',
    `${row.description}.`,
    '',
    '| | |',
    '|---|---|',
    `| calls | \`${row.method} ${row.path}\` |`,
    `| auth | ${auth} |`,
    `| rate limit | ${budgetText(row.rateLimit)} per IP; the client queues calls to stay inside it ([rate limits](../guides/rate-limits.md)) |`,
    `| returns | ${returnsText(row, types)} |`,
    '',
    '## Parameters',
    '',
    types.params.length === 0 ? 'None.' : fieldTable(types.params, true).join('\n'),
    '',
    'Every method also takes per-call options as a second argument: `{ signal, timeout, retry }` ({@link @perpkit/client!CallOptions CallOptions}).',
    '',
    ...modelSection(
      types.model,
      `## Returns ${types.isArray ? 'an array of ' : ''}\`${types.model.name}\``,
    ),
    ...types.related.flatMap((model) => modelSection(model, `### \`${model.name}\``)),
    '## Errors',
    '',
    `Rejects with a ${publicLink('PerpkitError')}; see [errors, retries and timeouts](../guides/errors-retries-timeouts.md).`,
    '',
    ...errorList(row, types),
    '',
    '## Example',
    '',
    ...example(row, types),
    '',
  ].join('\n')
}
