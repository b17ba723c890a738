/**
 * A real S3-compatible server for the tests (s3rver, from npm: files on disk,
 * the S3 REST API over HTTP on loopback), and a plain S3 client to look at
 * what the recorder left in it.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import {
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import S3rver from 's3rver'

/** s3rver's one account: it checks the key id, not v4 signatures. */
export const S3_KEY_ID = 'S3RVER'

/** A running server with one bucket. */
export interface S3Server {
  endpoint: string
  bucket: string
  /** Keys under a prefix. */
  keys(prefix: string): Promise<string[]>
  get(key: string): Promise<Buffer>
  put(key: string, body: Buffer): Promise<void>
  /** Downloads every key under `prefix` into `dir`, keeping the rest of each key as its path. */
  download(prefix: string, dir: string): Promise<void>
  close(): Promise<void>
}

/**
 * Starts s3rver on a free loopback port, storing under `dir`.
 *
 * @param dir - Its storage directory.
 * @param bucket - The bucket it creates.
 * @returns The server.
 */
export async function startS3Server(dir: string, bucket = 'market'): Promise<S3Server> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({
    endpoint,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: { accessKeyId: S3_KEY_ID, secretAccessKey: 'S3RVER' },
  })
  const keys = async (prefix: string) => {
    const found: string[] = []
    let token: string | undefined
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      )
      for (const o of page.Contents ?? []) if (o.Key !== undefined) found.push(o.Key)
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token !== undefined)
    return found.sort()
  }
  const get = async (key: string) => {
    const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
    return Buffer.from((await got.Body?.transformToByteArray()) ?? [])
  }
  return {
    endpoint,
    bucket,
    keys,
    get,
    put: async (key, body) => {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }))
    },
    download: async (prefix, into) => {
      for (const key of await keys(prefix)) {
        const file = join(into, key.slice(prefix.length))
        mkdirSync(dirname(file), { recursive: true })
        writeFileSync(file, await get(key))
      }
    },
    close: async () => {
      client.destroy()
      server.httpServer?.closeAllConnections()
      await server.close()
    },
  }
}
