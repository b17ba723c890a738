/**
 * Writes the generated parts of the docs from the endpoint table: one method page per row
 * (`apps/docs/methods/*.md`), their index (`apps/docs/methods.md`, the site's menu of methods in
 * table order), the method table of `packages/client/README.md`, and the OpenAPI document
 * `packages/schemas/openapi.json` (which the OpenAPI guide links, so the site serves it too),
 * and the decoders the schemas generate from the table (`packages/schemas/src/generated/decoders.ts`).
 *
 * `--check` writes nothing and fails when a generated file differs from what is committed
 * (CI runs it, so the docs never drift from the table).
 *
 * @module
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type EndpointDefinition, endpoints } from '@perpkit/schemas'
// The generators of the schemas package (not part of its published build).
import { decodersSource } from '../../../packages/schemas/src/codegen/decoders-source.ts'
import { openApiText } from '../../../packages/schemas/src/openapi/document.ts'
import { methodPage } from './method-page.ts'
import { methodIndex, methodTable, replaceBetweenMarkers } from './method-tables.ts'
import { readEndpointTypes } from './type-info.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const methodsDir = join(root, 'apps/docs/methods')
const clientReadme = join(root, 'packages/client/README.md')
const check = process.argv.includes('--check')

const rows: EndpointDefinition[] = Object.values(endpoints)
const types = readEndpointTypes(rows.map((row) => row.path))
const typed = rows.map((row): [EndpointDefinition, NonNullable<ReturnType<typeof types.get>>] => {
  const info = types.get(row.path)
  if (info === undefined) throw new Error(`no types for ${row.path}`)
  return [row, info]
})

const wanted = new Map<string, string>(
  typed.map(([row, info]) => [join(methodsDir, `${row.clientMethod}.md`), methodPage(row, info)]),
)
wanted.set(join(root, 'apps/docs/methods.md'), methodIndex(typed))
wanted.set(join(root, 'packages/schemas/openapi.json'), openApiText())
wanted.set(join(root, 'packages/schemas/src/generated/decoders.ts'), decodersSource())
wanted.set(
  clientReadme,
  replaceBetweenMarkers(readFileSync(clientReadme, 'utf8'), methodTable(typed)),
)
const stale = existsSync(methodsDir)
  ? readdirSync(methodsDir)
      .map((file) => join(methodsDir, file))
      .filter((file) => !wanted.has(file))
  : []

const drifted = [...wanted].filter(
  ([file, text]) => !existsSync(file) || readFileSync(file, 'utf8') !== text,
)
if (check) {
  for (const [file] of drifted) console.error(`out of date: ${file.slice(root.length)}`)
  for (const file of stale)
    console.error(`no longer in the endpoint table: ${file.slice(root.length)}`)
  if (drifted.length + stale.length > 0) {
    console.error('run `pnpm --filter @perpkit/docs generate` and commit the result')
    process.exitCode = 1
  } else {
    console.log(`docs are in step with the endpoint table (${wanted.size} files)`)
  }
} else {
  mkdirSync(methodsDir, { recursive: true })
  for (const [file, text] of drifted) writeFileSync(file, text)
  for (const file of stale) rmSync(file)
  console.log(`wrote ${drifted.length} file(s), removed ${stale.length}`)
}
