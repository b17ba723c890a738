// The synchronous HMAC path. `node:crypto` is reached through `process.getBuiltinModule`
// (Node >= 20.16, Bun, Deno) at the first call, never through an `import` statement: a
// bundler targeting browsers or edge workers therefore sees no `node:crypto` import to
// resolve, polyfill or fail on, and the package needs no `exports` conditions.

import { BoundedCache, keyCacheCapacity } from './bounded-cache.ts'
import { SignerError } from './errors.ts'

/** The part of Node's `Hmac` this package uses. */
interface NodeHmac {
  update(data: string | Uint8Array): NodeHmac
  digest(encoding: 'hex'): string
}

/** A `node:crypto` `KeyObject`, opaque here. */
type NodeKeyObject = object

/** The part of `node:crypto` this package uses. */
interface NodeCrypto {
  createHmac(algorithm: 'sha256', key: string | Uint8Array | NodeKeyObject): NodeHmac
  /** Absent in some Node-compatible runtimes; the secret string is used directly then. */
  createSecretKey?: (key: string, encoding: 'utf8') => NodeKeyObject
}

/** The part of a global scope this module inspects (`globalThis` in production). */
export interface NodeCryptoScope {
  process?: { getBuiltinModule?: ((id: string) => unknown) | undefined } | undefined
}

/** Finds `node:crypto` in a scope, or `undefined` where the runtime has no such module. */
export function findNodeCrypto(scope: NodeCryptoScope): NodeCrypto | undefined {
  let candidate: unknown
  try {
    candidate = scope.process?.getBuiltinModule?.('node:crypto')
  } catch {
    return undefined
  }
  const createHmac = (candidate as Partial<NodeCrypto> | undefined)?.createHmac
  return typeof createHmac === 'function' ? (candidate as NodeCrypto) : undefined
}

// `undefined`: not looked up yet; `null`: looked up, absent. Looked up once per process.
let nodeCrypto: NodeCrypto | null | undefined

function loadNodeCrypto(): NodeCrypto | null {
  if (nodeCrypto === undefined) nodeCrypto = findNodeCrypto(globalThis as NodeCryptoScope) ?? null
  return nodeCrypto
}

/**
 * Tells whether {@link signSync} and {@link signRequestSync} work in this runtime, that is
 * whether `node:crypto` is reachable through `process.getBuiltinModule` (Node >= 20.16, Bun,
 * Deno). Browsers and edge workers answer `false`; use the async {@link sign} there.
 *
 * @returns `true` where a synchronous HMAC exists.
 *
 * @example
 * ```ts
 * import { isSyncSigningAvailable, sign, signSync } from '@perpkit/signer'
 *
 * const input = { secret: 'my-secret', memo: 'my-memo', timestamp: Date.now(), body: '' }
 * const signature = isSyncSigningAvailable() ? signSync(input) : await sign(input)
 * ```
 */
export function isSyncSigningAvailable(): boolean {
  return loadNodeCrypto() !== null
}

function requireNodeCrypto(): NodeCrypto {
  const crypto = loadNodeCrypto()
  if (crypto === null) {
    throw new SignerError(
      'sync-unavailable',
      'signSync needs node:crypto, reached through process.getBuiltinModule (Node >= 20.16, Bun, ' +
        'Deno); this runtime has neither (a browser or an edge worker?). Use the async sign() or ' +
        'signRequest(), which run on WebCrypto everywhere and give the same signature.',
    )
  }
  return crypto
}

/**
 * HMAC-SHA256 of `message` under `key` as lower-case hex, on `node:crypto`. Strings are
 * UTF-8 encoded; bytes are used as they are (the RFC 4231 vectors use byte keys).
 *
 * @throws {SignerError} `'sync-unavailable'` where `node:crypto` does not exist.
 */
export function computeHmacHexSync(key: string | Uint8Array, message: string | Uint8Array): string {
  return requireNodeCrypto().createHmac('sha256', key).update(message).digest('hex')
}

// KeyObjects per secret: `createHmac` with a KeyObject skips re-encoding the secret on every
// call. Same bound and reasoning as the WebCrypto cache in key-cache.ts.
const keyObjects = new BoundedCache<NodeKeyObject | string>(keyCacheCapacity)

/**
 * HMAC-SHA256 of the UTF-8 `message` under the UTF-8 `secret`, as lower-case hex, with the
 * secret's `KeyObject` cached.
 *
 * @throws {SignerError} `'sync-unavailable'` where `node:crypto` does not exist.
 */
export function computeHmacHexCachedSync(secret: string, message: string): string {
  const crypto = requireNodeCrypto()
  let key = keyObjects.get(secret)
  if (key === undefined) {
    key = crypto.createSecretKey?.(secret, 'utf8') ?? secret
    keyObjects.set(secret, key)
  }
  return crypto.createHmac('sha256', key).update(message).digest('hex')
}

/** Forgets every cached `KeyObject`. */
export function clearNodeKeyCache(): void {
  keyObjects.clear()
}
