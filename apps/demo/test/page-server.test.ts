/**
 * The launcher's page server over real HTTP on 127.0.0.1: the built files,
 * the configuration, and nothing outside the page's folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PageServer, startPageServer } from '../src/dashboard/page-server.ts'
import type { DashboardConfig } from '../web/src/dashboard-config.ts'

describe('the page server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'perpkit-page-'))
  const root = join(dir, 'dist')
  const config: DashboardConfig = {
    baseUrl: 'http://127.0.0.1:1',
    symbol: 'BTCUSDT',
    source: 'sandbox',
    credentials: null,
  }
  let server: PageServer

  beforeAll(async () => {
    mkdirSync(join(root, 'assets'), { recursive: true })
    writeFileSync(join(root, 'index.html'), '<!doctype html><p>page</p>')
    writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)')
    writeFileSync(join(dir, 'secret.txt'), 'outside')
    server = await startPageServer({ root, config, port: 0 })
  })
  afterAll(async () => {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('listens on 127.0.0.1 and serves the page at /', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    const res = await fetch(server.url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await res.text()).toContain('<p>page</p>')
  })

  it('serves hashed assets as immutable scripts and the configuration uncached', async () => {
    const asset = await fetch(new URL('assets/index-abc.js', server.url))
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(asset.headers.get('cache-control')).toContain('immutable')
    const res = await fetch(new URL('config.json', server.url))
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual(config)
  })

  it('answers 404 outside the page’s folder and 405 to anything but GET and HEAD', async () => {
    expect((await fetch(new URL('missing.js', server.url))).status).toBe(404)
    expect((await fetch(`${server.url}..%2Fsecret.txt`)).status).toBe(404)
    expect((await fetch(`${server.url}%2e%2e/secret.txt`)).status).toBe(404)
    const post = await fetch(server.url, { method: 'POST' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
  })
})
