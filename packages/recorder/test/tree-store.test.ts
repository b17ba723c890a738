/**
 * Where a tree is: `--out` and the S3 options read before anything opens,
 * publishing that never replaces a file (a directory, and a bucket whose
 * server honours `If-None-Match: *`), and the compaction lock.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RecorderError } from '../src/errors.ts'
import { loadS3 } from '../src/many-machines/s3-tree-store.ts'
import {
  openTreeStore,
  parseTreeLocation,
  type TreeStore,
} from '../src/many-machines/tree-store.ts'
import { cli, tempDir } from './helpers.ts'
import { S3_KEY_ID, type S3Server, startS3Server } from './s3-server.ts'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('parseTreeLocation', () => {
  it('reads a directory, a bucket and a prefix, and the endpoint from the flag or the AWS variables', () => {
    expect(parseTreeLocation('tree', {}, {})).toEqual({
      kind: 'dir',
      dir: join(process.cwd(), 'tree'),
    })
    expect(parseTreeLocation('s3://market', {}, {})).toEqual({
      kind: 's3',
      bucket: 'market',
      prefix: '',
      endpoint: undefined,
      pathStyle: false,
    })
    expect(
      parseTreeLocation('s3://market//a/b/', {}, { AWS_ENDPOINT_URL: 'http://127.0.0.1:9000' }),
    ).toEqual({
      kind: 's3',
      bucket: 'market',
      prefix: 'a/b/',
      endpoint: 'http://127.0.0.1:9000',
      pathStyle: true,
    })
    const env = { AWS_ENDPOINT_URL_S3: 'http://s3.local:1', AWS_ENDPOINT_URL: 'http://other:2' }
    expect(parseTreeLocation('s3://market/t', {}, env)).toMatchObject({
      endpoint: 'http://s3.local:1',
    })
    expect(
      parseTreeLocation(
        's3://market/t',
        { endpoint: 'https://minio:9000', addressing: 'virtual' },
        env,
      ),
    ).toMatchObject({ endpoint: 'https://minio:9000', pathStyle: false })
  })

  it('refuses bad input with exit code 2, never echoing credentials', () => {
    const refused = (out: string | undefined, options = {}) => {
      try {
        parseTreeLocation(out, options, {})
      } catch (error) {
        expect(error).toBeInstanceOf(RecorderError)
        expect((error as RecorderError).exitCode).toBe(2)
        return (error as Error).message
      }
      throw new Error(`accepted ${out}`)
    }
    expect(refused(undefined)).toBe('--out <dir|s3://bucket/prefix> is required')
    expect(refused('gs://market/tree')).toContain('--out takes a directory or s3://bucket/prefix')
    expect(refused('s3://Market_1/tree')).toContain('is no bucket name')
    expect(refused('s3://market/../x')).toContain('must not hold . or .. segments')
    expect(refused('tree', { endpoint: 'http://127.0.0.1:9000' })).toContain('apply to --out s3://')
    expect(refused('s3://market', { addressing: 'dns' })).toContain(
      '--s3-addressing must be path or virtual',
    )
    const inline = refused('s3://AKIA:hunter2-secret@market/tree')
    const endpoint = refused('s3://market', {
      endpoint: 'http://AKIA:hunter2-secret@127.0.0.1:9000',
    })
    for (const message of [inline, endpoint]) {
      expect(message).toContain('must not carry credentials')
      expect(message).not.toContain('hunter2')
    }
  })
})

it('an s3:// tree without @aws-sdk/client-s3 installed says which package to install', async () => {
  const missing = Object.assign(new Error("Cannot find package '@aws-sdk/client-s3'"), {
    code: 'ERR_MODULE_NOT_FOUND',
  })
  await expect(loadS3(() => Promise.reject(missing))).rejects.toThrow(
    '--out s3://... needs @aws-sdk/client-s3, an optional peer dependency that is not installed: npm install @aws-sdk/client-s3',
  )
})

/** Publishes `body` under `key` through the store's staging. */
async function publish(store: TreeStore, key: string, body: string): Promise<void> {
  const staged = store.stage(key)
  writeFileSync(staged, body)
  await store.publish(staged, key)
}

describe('a directory tree', () => {
  it('publishes whole files and never replaces one', async () => {
    const store = await openTreeStore(parseTreeLocation(join(tmp.dir, 'dir')))
    const key = 'kline/symbol=BTCUSDT/date=2026-01-05/part-1.parquet'
    await publish(store, key, 'first')
    await expect(publish(store, key, 'second')).rejects.toThrow(
      `refused to replace ${store.url(key)}`,
    )
    expect(readFileSync(store.url(key), 'utf8')).toBe('first')
    // The refused file's staging is gone too.
    expect((await store.list('kline/')).map((o) => o.key)).toEqual([key])
  })
})

/**
 * A loopback proxy in front of s3rver that honours `If-None-Match: *` on PUT (as AWS S3
 * and MinIO do, and s3rver does not): a PUT of an existing key gets 412.
 */
async function conditionalProxy(
  target: string,
): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const url = new URL(req.url ?? '/', target)
    if (req.method === 'PUT' && req.headers['if-none-match'] === '*') {
      const head = await fetch(url, { method: 'HEAD' })
      if (head.ok) {
        res.writeHead(412, { 'content-type': 'application/xml' })
        res.end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>',
        )
        return
      }
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        ([name]) => !['host', 'connection', 'content-length'].includes(name),
      ),
    ) as Record<string, string>
    const answer = await fetch(url, {
      method: req.method ?? 'GET',
      headers,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    })
    const body = Buffer.from(await answer.arrayBuffer())
    const out = Object.fromEntries(
      [...answer.headers].filter(
        ([name]) => !['content-length', 'transfer-encoding', 'connection'].includes(name),
      ),
    )
    res.writeHead(answer.status, { ...out, 'content-length': String(body.length) })
    res.end(req.method === 'HEAD' ? undefined : body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

describe('a bucket whose server honours conditional writes', () => {
  let s3: S3Server
  let proxy: { endpoint: string; close(): Promise<void> }
  const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY }
  beforeAll(async () => {
    process.env.AWS_ACCESS_KEY_ID = S3_KEY_ID
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER'
    mkdirSync(join(tmp.dir, 's3'))
    s3 = await startS3Server(join(tmp.dir, 's3'))
    proxy = await conditionalProxy(s3.endpoint)
  })
  afterAll(async () => {
    await proxy?.close()
    await s3?.close()
    process.env.AWS_ACCESS_KEY_ID = saved.id
    process.env.AWS_SECRET_ACCESS_KEY = saved.secret
  })

  it('never replaces a published object, and one compaction at a time holds the lock', async () => {
    const store = await openTreeStore(
      parseTreeLocation('s3://market/tree', { endpoint: proxy.endpoint }),
    )
    try {
      const key = 'kline/symbol=BTCUSDT/date=2026-01-05/part-1.parquet'
      await publish(store, key, 'first')
      await expect(publish(store, key, 'second')).rejects.toThrow(
        'refused to replace s3://market/tree/kline/symbol=BTCUSDT/date=2026-01-05/part-1.parquet',
      )
      expect((await s3.get(`tree/${key}`)).toString()).toBe('first')

      const lock = await store.lock('.compact.lock', 'pid 1 on elsewhere')
      expect(lock.unguarded).toBe(false)
      const second = await cli([
        'compact',
        '--out',
        's3://market/tree',
        '--s3-endpoint',
        proxy.endpoint,
      ])
      expect(second.code).toBe(1)
      expect(second.err).toBe(
        'perpkit-recorder compact: another compaction holds s3://market/tree/.compact.lock (pid 1 on elsewhere): wait for it, or delete that object if that process is gone\n',
      )
      await lock.release()
      expect(await s3.keys('tree/.compact')).toEqual([])
    } finally {
      store.close()
    }
  })
})
