/**
 * What the client uses of `@perpkit/schemas` (zod), loaded when something
 * must be explained (see `load-schemas.ts`). Importing these by name, rather
 * than importing the runtime entry's namespace, lets a browser bundler leave
 * out the rest of the schemas package: a namespace from `import()` keeps
 * every export.
 *
 * @module
 */
import {
  decodeData,
  describeIssues,
  encodeParams,
  endpoints,
  symbolParam,
  timeParam,
} from '@perpkit/schemas/runtime'

/** The parts of `@perpkit/schemas` the client uses. */
export const schemas = {
  decodeData,
  describeIssues,
  encodeParams,
  endpoints,
  symbolParam,
  timeParam,
}
