/**
 * Where the shared Parquet tree lives: a directory (a local disk or a shared
 * mount) or an S3-compatible bucket (`s3://bucket/prefix`). Both give what the
 * tree needs, and nothing more: a file appears whole under a name that is
 * never reused (a rename of a fsynced temporary file with an exclusive link;
 * a single `PUT`, conditional where the server supports it), listing by
 * prefix, reading, deleting, moving aside, and one lock for `compact`. Keys
 * are paths below the tree's root with `/` separators
 * (`kline/symbol=BTCUSDT/date=2026-01-05/part-….parquet`).
 *
 * The S3 side is loaded only for an `s3://` tree, so one-machine users never
 * load (or install) the AWS SDK.
 *
 * @module
 */
import { resolve } from 'node:path'
import { RecorderError } from '../errors.ts'
import { openLocalTreeStore } from './local-tree-store.ts'

/** An object of the tree. */
export interface TreeObject {
  /** Its key below the tree's root. */
  key: string
  /** Last change, epoch ms: known for temporary files at least (their age). */
  modifiedMs: number | undefined
}

/** The compaction lock of a tree. */
interface TreeLock {
  /**
   * True when the store cannot make the lock exclusive (an S3 server that ignores
   * conditional writes): two compactions at once then duplicate work, never lose rows.
   */
  unguarded: boolean
  release(): Promise<void>
}

/** A tree's storage. Calls may run concurrently. */
export interface TreeStore {
  /** The tree as the user named it: an absolute directory, or `s3://bucket/prefix`. */
  readonly where: string
  /** The directory when the tree is on a disk (read in place), else undefined. */
  readonly localDir: string | undefined
  /**
   * Where an object is, for messages and results.
   *
   * @param key - Its key.
   */
  url(key: string): string
  /**
   * Every object whose key starts with `prefix`, at any depth.
   *
   * @param prefix - A key prefix such as `kline/`.
   */
  list(prefix: string): Promise<TreeObject[]>
  /**
   * A local path to write a file that {@link TreeStore.publish} will make the object `key`.
   *
   * @param key - The key it will have.
   */
  stage(key: string): string
  /**
   * Makes a complete staged file the object `key`, whole or not at all, never replacing an
   * object (an existing key is an error). The staged file is gone afterwards.
   *
   * @param staged - The path {@link TreeStore.stage} gave.
   * @param key - The new object's key.
   */
  publish(staged: string, key: string): Promise<void>
  /**
   * A local path holding an object's bytes: the file itself on a disk, a download under
   * `scratch` otherwise.
   *
   * @param key - Its key.
   * @param scratch - A directory for downloads.
   */
  read(key: string, scratch: string): Promise<string>
  /**
   * Deletes objects (missing ones are fine).
   *
   * @param keys - Their keys.
   */
  remove(keys: readonly string[]): Promise<void>
  /**
   * Moves an object to another key (replacing what is there).
   *
   * @param from - Its key.
   * @param to - The new key.
   * @param local - Its bytes as {@link TreeStore.read} gave them.
   */
  move(from: string, to: string, local: string): Promise<void>
  /**
   * Takes the lock object `key`, or fails naming its holder.
   *
   * @param key - The lock's key.
   * @param holder - Who takes it (written into it).
   */
  lock(key: string, holder: string): Promise<TreeLock>
  /** Frees what the store holds (a client, staged files). */
  close(): void
}

/** Where `--out` points. */
export type TreeLocation =
  | { kind: 'dir'; dir: string }
  | {
      kind: 's3'
      bucket: string
      /** The key prefix of the tree: empty, or ending with `/`. */
      prefix: string
      /** An S3-compatible server's URL; undefined for AWS. */
      endpoint: string | undefined
      /** Path-style addressing (`<endpoint>/<bucket>/<key>`) rather than virtual-hosted. */
      pathStyle: boolean
    }

/** The S3 options of the commands that take a tree. */
export interface TreeOptions {
  /** `--s3-endpoint`. */
  endpoint?: string | undefined
  /** `--s3-addressing`: `path` or `virtual`. */
  addressing?: string | undefined
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/

function checkEndpoint(value: string, from: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new RecorderError(`${from} must be an http(s) URL such as http://127.0.0.1:9000`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new RecorderError(`${from} must be an http(s) URL such as http://127.0.0.1:9000`)
  // Never echoed: the value carries credentials.
  if (url.username !== '' || url.password !== '')
    throw new RecorderError(
      `${from} must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE) instead`,
    )
  return value
}

/**
 * Reads `--out` and the S3 options (before anything is opened, so bad input exits 2).
 * The endpoint comes from `--s3-endpoint`, else `AWS_ENDPOINT_URL_S3`, else
 * `AWS_ENDPOINT_URL`; addressing is path-style with an endpoint, virtual-hosted on AWS.
 *
 * @param out - `--out`: a directory or `s3://bucket[/prefix]`.
 * @param options - `--s3-endpoint`, `--s3-addressing`.
 * @param env - The environment.
 * @returns The location.
 * @throws {@link RecorderError} (exit 2) on a malformed value.
 * @example
 * ```ts
 * parseTreeLocation('s3://market/tree', { endpoint: 'http://127.0.0.1:9000' })
 * // { kind: 's3', bucket: 'market', prefix: 'tree/', endpoint: 'http://127.0.0.1:9000', pathStyle: true }
 * ```
 */
export function parseTreeLocation(
  out: string | undefined,
  options: TreeOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): TreeLocation {
  if (out === undefined || out === '')
    throw new RecorderError('--out <dir|s3://bucket/prefix> is required')
  const addressing = options.addressing
  if (addressing !== undefined && addressing !== 'path' && addressing !== 'virtual')
    throw new RecorderError(
      `--s3-addressing must be path or virtual, got ${JSON.stringify(addressing)}`,
    )
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(out)) {
    if (options.endpoint !== undefined || addressing !== undefined)
      throw new RecorderError(
        '--s3-endpoint and --s3-addressing apply to --out s3://bucket/prefix only',
      )
    return { kind: 'dir', dir: resolve(out) }
  }
  if (!out.startsWith('s3://'))
    throw new RecorderError(
      '--out takes a directory or s3://bucket/prefix (an S3-compatible store)',
    )
  const [authority = '', ...path] = out.slice('s3://'.length).split('/')
  // Never echoed: it would carry credentials.
  if (authority.includes('@'))
    throw new RecorderError(
      '--out must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE) instead',
    )
  if (!BUCKET.test(authority))
    throw new RecorderError(
      `--out ${out}: ${JSON.stringify(authority)} is no bucket name (3-63 lowercase letters, digits, dots, hyphens)`,
    )
  const segments = path.filter((s) => s !== '')
  if (segments.some((s) => s === '.' || s === '..'))
    throw new RecorderError(`--out ${out}: the prefix must not hold . or .. segments`)
  const flag = options.endpoint
  const fromEnv = env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL
  const endpoint =
    flag !== undefined
      ? checkEndpoint(flag, '--s3-endpoint')
      : fromEnv !== undefined && fromEnv !== ''
        ? checkEndpoint(fromEnv, 'AWS_ENDPOINT_URL_S3 / AWS_ENDPOINT_URL')
        : undefined
  return {
    kind: 's3',
    bucket: authority,
    prefix: segments.length === 0 ? '' : `${segments.join('/')}/`,
    endpoint,
    pathStyle: addressing === undefined ? endpoint !== undefined : addressing === 'path',
  }
}

/**
 * Opens the store of a location.
 *
 * @param location - From {@link parseTreeLocation}.
 * @returns The store; close it when done.
 */
export async function openTreeStore(location: TreeLocation): Promise<TreeStore> {
  if (location.kind === 'dir') return openLocalTreeStore(location.dir)
  // Loaded only here: the AWS SDK is an optional peer dependency.
  const { openS3TreeStore } = await import('./s3-tree-store.ts')
  return openS3TreeStore(location)
}

/**
 * A tree: `--out`'s value (a directory, or `s3://…` with S3 options from the environment),
 * a parsed location, or an open store.
 */
export type Tree = string | TreeLocation | TreeStore

/**
 * A tree's store: the one given, or one opened from its location.
 *
 * @param tree - The tree.
 * @returns The store, and a `close` that closes it only when it was opened here.
 */
export async function resolveTree(tree: Tree): Promise<{ store: TreeStore; close(): void }> {
  if (typeof tree !== 'string' && !('kind' in tree)) return { store: tree, close: () => {} }
  const store = await openTreeStore(typeof tree === 'string' ? parseTreeLocation(tree) : tree)
  return { store, close: () => store.close() }
}

/**
 * Runs `use` with a tree's store ({@link resolveTree}), closing what it opened.
 *
 * @param tree - The tree.
 * @param use - What to do with its store.
 * @returns What `use` returns.
 */
export async function withTree<T>(tree: Tree, use: (store: TreeStore) => Promise<T>): Promise<T> {
  const { store, close } = await resolveTree(tree)
  try {
    return await use(store)
  } finally {
    close()
  }
}
