/**
 * The one reader of DuckDB's storage failures (a full disk, a file size
 * limit, no memory left, a file it may not write): each becomes one line
 * naming the file and what to do, with the recorder's flag that helps,
 * instead of DuckDB's message and a stack. What was committed before stays:
 * DuckDB rolls the failing transaction back, and the next open replays its
 * write-ahead log up to the last commit.
 *
 * @module
 */
import { RecorderError } from '../errors.ts'

/** What went wrong underneath a DuckDB call. */
export type StorageFailureKind =
  | 'disk-full'
  | 'file-size-limit'
  | 'out-of-memory'
  | 'not-writable'
  | 'io'

const KINDS: [StorageFailureKind, RegExp][] = [
  ['disk-full', /No space left on device/i],
  ['file-size-limit', /File too large/i],
  ['out-of-memory', /Out of Memory Error|could not allocate block|failed to pin block/i],
  ['not-writable', /Permission denied|Read-only file system/i],
  ['io', /^(?:IO Error|FATAL Error)\b|database has been invalidated/i],
]

/**
 * Reads a DuckDB error as a storage failure.
 *
 * @param error - What DuckDB threw.
 * @returns Its kind, or `undefined` for any other error.
 */
function readStorageError(error: unknown): StorageFailureKind | undefined {
  const message = error instanceof Error ? error.message : String(error)
  return KINDS.find(([, pattern]) => pattern.test(message))?.[0]
}

/**
 * A storage failure as one line (exit code 1), with DuckDB's error as its `cause`.

 */
export class StorageError extends RecorderError {
  override name = 'StorageError'
  /** What went wrong. */
  readonly kind: StorageFailureKind

  constructor(kind: StorageFailureKind, message: string, cause: unknown) {
    super(message, 1)
    this.kind = kind
    this.cause = cause
  }
}

/** Where a command works: the archive, its memory limit, an output directory. */
export interface StorageTarget {
  /** The archive (`--db`). */
  file: string
  /** `--memory-limit`, or undefined for the default. */
  memoryLimit?: string | undefined
  /** `--out`, for `export`. */
  out?: string | undefined
}

function failedPath(message: string): string | undefined {
  return /(?:file|directory) "([^"]+)"/i.exec(message)?.[1]
}

/**
 * The one-line error of a storage failure.
 *
 * @param error - What DuckDB threw.
 * @param target - The command's archive, memory limit and output.
 * @returns A {@link StorageError}, or `undefined` when `error` is no storage failure.
 */
export function storageFailure(error: unknown, target: StorageTarget): StorageError | undefined {
  // Explained once by the archive; `export` says it again with its --out.
  if (error instanceof StorageError)
    return target.out === undefined ? error : storageFailure(error.cause, target)
  const kind = readStorageError(error)
  if (kind === undefined) return undefined
  const message = error instanceof Error ? error.message : String(error)
  const path = failedPath(message) ?? target.file
  const inOut = target.out !== undefined && path.startsWith(target.out)
  const elsewhere = inOut
    ? 'choose an --out on a disk with room'
    : 'move the archive (--db) to a disk with room'
  const kept = inOut
    ? 'the archive is unchanged'
    : `${target.file} keeps what was committed before (the failed write was rolled back)`
  const fail = (text: string) => new StorageError(kind, text, error)
  switch (kind) {
    case 'disk-full':
      return fail(
        `no space left on the disk of ${path}: ${kept}. Free space or ${elsewhere}, then run the same command again`,
      )
    case 'file-size-limit':
      return fail(
        `${path} reached the file size limit (ulimit -f): ${kept}. Raise the limit or ${elsewhere}, then run the same command again`,
      )
    case 'out-of-memory': {
      const limit =
        target.memoryLimit === undefined
          ? '--memory-limit 64MB, the default'
          : `--memory-limit ${target.memoryLimit}`
      const after =
        target.out !== undefined
          ? `the export stopped (${target.file} is unchanged): run it again into an empty --out`
          : `${target.file} keeps what was committed before (the failed step was rolled back): run again`
      return fail(
        `DuckDB ran out of memory on ${target.file} (${limit}): ${after} with a bigger --memory-limit, e.g. --memory-limit 1GB`,
      )
    }
    case 'not-writable':
      return fail(
        `cannot write ${path} (${/Read-only file system/i.test(message) ? 'read-only file system' : 'permission denied'}): ${inOut ? 'choose another --out' : 'use a --db you may write'}`,
      )
    case 'io':
      return fail(
        `DuckDB failed to read or write ${path}: ${message.split('\n', 1)[0]}. ${kept}; run the same command again once the cause is fixed`,
      )
  }
}

/**
 * Runs `work`, turning a storage failure into its one-line error.
 *
 * @param target - The command's archive, memory limit and output.
 * @param work - What touches the archive.
 * @returns What `work` returns.
 * @throws What `work` throws, storage failures as {@link storageFailure}'s error.
 */
export async function explainStorageErrors<T>(
  target: StorageTarget,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work()
  } catch (error) {
    throw storageFailure(error, target) ?? error
  }
}
