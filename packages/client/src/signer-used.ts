/**
 * What the client uses of `@perpkit/signer`, loaded on the first signed
 * request (see `transport.ts`). Imported by name so that a browser bundler
 * leaves out the rest of the signer: a namespace from `import()` keeps every
 * export.
 *
 * @module
 */
export { signRequest } from '@perpkit/signer'
