/**
 * The files of the repository these tools read and write.
 *
 * @module
 */
import { fileURLToPath } from 'node:url'
import { EXAMPLES_FILE as EXAMPLES_URL } from '../../../packages/schemas/src/openapi/examples.ts'

/** The OpenAPI document `@perpkit/schemas` ships. */
export const OPENAPI_FILE = fileURLToPath(
  new URL('../../../packages/schemas/openapi.json', import.meta.url),
)

/** The examples of its answers, which `pnpm examples` here writes and the schemas generator reads. */
export const EXAMPLES_FILE = fileURLToPath(EXAMPLES_URL)
