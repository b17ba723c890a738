// @ts-check
/**
 * A typedoc plugin: the client's endpoint methods are a mapped type built from the endpoint
 * table (`EndpointMethods`), so TypeScript carries no TSDoc to each of them. This gives each
 * `PerpkitClient.<method>` the row's description, the path it calls, and a link to its
 * generated method page (params and model fields with units, budget, errors, example).
 * Loaded by the root typedoc.json; reads the table from the built @perpkit/schemas, which
 * `pnpm run docs` builds first.
 */
import { Comment, Converter, ReflectionKind } from 'typedoc'

const schemas = new URL('../../packages/schemas/dist/index.js', import.meta.url)
/** @type {{ endpoints: Record<string, { clientMethod: string, description: string, method: string, path: string }> }} */
const { endpoints } = await import(schemas.href)

/** @param {import('typedoc').Application} app */
export function load(app) {
  const rows = new Map(Object.values(endpoints).map((row) => [row.clientMethod, row]))
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const property of context.project.getReflectionsByKind(ReflectionKind.Property)) {
      const row = rows.get(property.name)
      if (row === undefined || property.parent?.name !== 'PerpkitClient') continue
      if (property.hasComment()) continue
      property.comment = new Comment([
        {
          kind: 'text',
          text:
            `${row.description}: \`${row.method} ${row.path}\`. Its page has the params and ` +
            'the model with units, the rate-limit budget, the errors and an example: ' +
            `[${row.clientMethod}](../documents/Methods.${row.clientMethod}.html).`,
        },
      ])
    }
  })
}
