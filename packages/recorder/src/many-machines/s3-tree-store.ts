/**
 * The tree in an S3-compatible bucket, through the AWS SDK's S3 client
 * (`@aws-sdk/client-s3`, an optional peer dependency loaded only here).
 *
 * A file is published by one `PUT` of the complete file under its final,
 * unique name: S3 makes an object visible whole or not at all, so no
 * temporary key and no copy are needed, and a crash mid-upload leaves
 * nothing. The `PUT` carries `If-None-Match: *`, so a server that supports
 * conditional writes (AWS S3, MinIO, R2, ...) refuses to replace an object;
 * one that ignores the header cannot, but names carry 64 random bits, so no
 * two writers pick the same one. The compaction lock is an object created
 * the same way; `lock` tests whether the server honoured it (a second
 * conditional `PUT` must be refused) and says so when it did not.
 *
 * Credentials and region come from the SDK's standard chain (`AWS_ACCESS_KEY_ID`,
 * `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`, `AWS_PROFILE`, `AWS_REGION`, ...), and
 * never appear in a message: errors name the object, the S3 error code and status.
 *
 * @module
 */
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { RecorderError } from '../errors.ts'
import type { TreeLocation, TreeObject, TreeStore } from './tree-store.ts'

type S3Module = typeof import('@aws-sdk/client-s3')

/**
 * Loads `@aws-sdk/client-s3`, an optional peer dependency: only `s3://` trees need it.
 *
 * @param load - The import (a failing one in tests).
 * @returns The module.
 * @throws {@link RecorderError} naming the package to install when it is absent.
 */
export async function loadS3(
  load: () => Promise<S3Module> = () => import('@aws-sdk/client-s3'),
): Promise<S3Module> {
  try {
    return await load()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error
    throw new RecorderError(
      '--out s3://... needs @aws-sdk/client-s3, an optional peer dependency that is not installed: npm install @aws-sdk/client-s3',
      1,
    )
  }
}

/** What the recorder reads of an SDK error (an `S3ServiceException` or a network error). */
interface SdkError {
  name?: string
  message?: string
  code?: string
  $metadata?: { httpStatusCode?: number }
}

const status = (error: unknown) => (error as SdkError).$metadata?.httpStatusCode

const HINTS: Record<string, string> = {
  NoSuchBucket: 'create the bucket first',
  InvalidAccessKeyId: 'check AWS_ACCESS_KEY_ID (or the profile)',
  SignatureDoesNotMatch: 'check AWS_SECRET_ACCESS_KEY (or the profile)',
  AccessDenied: 'the credentials lack permission on this bucket or prefix',
  CredentialsProviderError:
    'no AWS credentials found: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE)',
}

/**
 * One line for a failed S3 call: what, where, the S3 error's name, status and message, and
 * a hint. Nothing of the request (its signature, its headers) is included.
 */
function describe(error: unknown, what: string, where: string, endpoint: string): RecorderError {
  const e = error as SdkError
  const name = e.name ?? 'Error'
  const code = e.code ?? ''
  const http = status(error)
  const hint =
    HINTS[name] ??
    (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'ETIMEDOUT'].includes(code)
      ? `cannot reach ${endpoint}`
      : /region is missing/i.test(e.message ?? '')
        ? 'set AWS_REGION'
        : undefined)
  return new RecorderError(
    `${what} ${where}: ${name}${http === undefined ? '' : ` (HTTP ${http})`}: ${e.message ?? ''}${hint === undefined ? '' : `; ${hint}`}`,
    1,
  )
}

/**
 * Opens the tree in a bucket.
 *
 * @param location - An `s3` location.
 * @param load - How the SDK is imported (see {@link loadS3}).
 * @returns The store.
 */
export async function openS3TreeStore(
  location: Extract<TreeLocation, { kind: 's3' }>,
  load?: () => Promise<S3Module>,
): Promise<TreeStore> {
  const sdk = await loadS3(load)
  const { bucket, prefix, endpoint } = location
  const client = new sdk.S3Client({
    ...(endpoint === undefined ? {} : { endpoint }),
    forcePathStyle: location.pathStyle,
    // An S3-compatible server needs a region in the signature but ignores which one.
    ...(process.env.AWS_REGION === undefined && endpoint !== undefined
      ? { region: 'us-east-1' }
      : {}),
    // Checksums only where the API demands them (DeleteObjects): many S3-compatible
    // servers refuse the newer checksum headers, and every file carries its own seal.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const where = `s3://${bucket}${prefix === '' ? '' : `/${prefix.slice(0, -1)}`}`
  const url = (key: string) => `s3://${bucket}/${prefix}${key}`
  const server = endpoint ?? 'AWS S3'
  let scratch: string | undefined
  const staging = () => {
    scratch ??= mkdtempSync(join(tmpdir(), 'perpkit-tree-'))
    return scratch
  }
  /** `If-None-Match: *` until the server answers that it does not implement it. */
  let conditional = true

  const call = async <T>(what: string, key: string, send: () => Promise<T>): Promise<T> => {
    try {
      return await send()
    } catch (error) {
      if (error instanceof RecorderError) throw error
      throw describe(error, what, url(key), server)
    }
  }

  /** A `PUT`; `create`: refused (false) when the key exists and the server checks it. */
  const put = async (key: string, body: Buffer, create: boolean): Promise<boolean> => {
    const send = (ifNoneMatch: boolean) =>
      client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: prefix + key,
          Body: body,
          ContentType: key.endsWith('.parquet') ? 'application/vnd.apache.parquet' : 'text/plain',
          ...(ifNoneMatch ? { IfNoneMatch: '*' } : {}),
        }),
      )
    return call('write', key, async () => {
      try {
        await send(create && conditional)
        return true
      } catch (error) {
        const http = status(error)
        if (create && http === 412) return false
        if (!(create && conditional && http === 501)) throw error
        conditional = false
        await send(false)
        return true
      }
    })
  }

  const removeKeys = async (keys: readonly string[]) => {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000)
      const done = await call('delete', batch[0] as string, () =>
        client.send(
          new sdk.DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((key) => ({ Key: prefix + key })), Quiet: true },
          }),
        ),
      )
      const failed = done.Errors?.[0]
      if (failed !== undefined)
        throw new RecorderError(
          `delete ${url((failed.Key ?? '').slice(prefix.length))}: ${failed.Code}: ${failed.Message}`,
          1,
        )
    }
  }

  return {
    where,
    localDir: undefined,
    url,
    list: async (under) => {
      const found: TreeObject[] = []
      let token: string | undefined
      do {
        const page = await call('list', under, () =>
          client.send(
            new sdk.ListObjectsV2Command({
              Bucket: bucket,
              Prefix: prefix + under,
              ...(token === undefined ? {} : { ContinuationToken: token }),
            }),
          ),
        )
        for (const object of page.Contents ?? [])
          if (object.Key !== undefined)
            found.push({
              key: object.Key.slice(prefix.length),
              modifiedMs: object.LastModified?.getTime(),
            })
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token !== undefined)
      return found
    },
    stage: (key) => join(staging(), basename(key)),
    publish: async (staged, key) => {
      try {
        if (!(await put(key, readFileSync(staged), true)))
          throw new RecorderError(`refused to replace ${url(key)}`, 1)
      } finally {
        rmSync(staged, { force: true })
      }
    },
    read: async (key, into) => {
      const file = join(into, ...key.split('/'))
      mkdirSync(dirname(file), { recursive: true })
      await call('read', key, async () => {
        const got = await client.send(
          new sdk.GetObjectCommand({ Bucket: bucket, Key: prefix + key }),
        )
        await pipeline(got.Body as Readable, createWriteStream(file))
      })
      return file
    },
    remove: removeKeys,
    move: async (from, to, local) => {
      // The bytes are here already: a PUT, then the delete (no CopyObject, whose source
      // header servers decode differently). A crash in between leaves both; the next
      // run moves it again.
      await put(to, readFileSync(local), false)
      await removeKeys([from])
    },
    lock: async (key, holder) => {
      const body = Buffer.from(holder)
      if (!(await put(key, body, true))) {
        const held = await call('read', key, async () => {
          const got = await client.send(
            new sdk.GetObjectCommand({ Bucket: bucket, Key: prefix + key }),
          )
          return (await got.Body?.transformToString())?.trim() ?? ''
        }).catch(() => '')
        throw new RecorderError(
          `another compaction holds ${url(key)}${held ? ` (${held})` : ''}: wait for it, or delete that object if that process is gone`,
          1,
        )
      }
      // Did the server check the condition? A second conditional PUT must be refused.
      const unguarded = !conditional || (await put(key, body, true))
      return { unguarded, release: () => removeKeys([key]) }
    },
    close: () => {
      client.destroy()
      if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true })
    },
  }
}
