/**
 * A real `redis-server` (Debian package) for Redis suites: its own process on
 * 127.0.0.1 and a free port, without persistence, stopped on `close()`.
 *
 * A Redis test never skips: without the server it fails and says how to
 * install it.
 *
 * @module
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { createConnection, createServer } from 'node:net'

/** The server binary; `PERPKIT_REDIS_SERVER` overrides it. */
export const REDIS_SERVER = process.env.PERPKIT_REDIS_SERVER ?? 'redis-server'

/** A running `redis-server`. */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>`. */
  url: string
  port: number
  /** Stops the server (SIGKILL: no shutdown save) and waits for its exit. */
  stop(): Promise<void>
  /** Starts it again on the same port (empty, unless it persists) and waits for PING. */
  restart(): Promise<void>
  /** Stops it for good. */
  close(): Promise<void>
}

/** Options of {@link startRedis}. */
export interface StartRedisOptions {
  /**
   * Persist to an append-only file in this directory, fsynced on every write
   * (`--appendonly yes --appendfsync always`), so `stop()` (SIGKILL) then
   * `restart()` loses nothing. @default no persistence
   */
  appendOnlyDir?: string
}

/**
 * Starts `redis-server --port <free> --save '' --appendonly no` on 127.0.0.1
 * and waits until it answers PING.
 *
 * @param options - Persistence; none by default.
 * @returns The server; `close()` it in `afterAll`.
 * @throws {Error} when `redis-server` is not installed (saying how to install it).
 * @example
 * ```ts
 * const server = await startRedis()
 * console.log(server.url) // 'redis://127.0.0.1:<port>', for createClient({ url }) of node-redis
 * await server.close()
 * ```
 */
export async function startRedis(options: StartRedisOptions = {}): Promise<RedisServer> {
  assertInstalled()
  const port = await freePort()
  const extra =
    options.appendOnlyDir === undefined
      ? []
      : ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', options.appendOnlyDir]
  let child: ChildProcess | undefined = await launch(port, extra)
  const stop = async (): Promise<void> => {
    const running = child
    child = undefined
    if (!running || running.exitCode !== null) return
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()))
    running.kill('SIGKILL')
    await exited
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    restart: async () => {
      await stop()
      child = await launch(port, extra)
    },
    close: stop,
  }
}

/** Throws, saying how to install it, when `redis-server` is missing. */
export function assertInstalled(): void {
  const probe = spawnSync(REDIS_SERVER, ['--version'], { encoding: 'utf8' })
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `Redis tests need ${REDIS_SERVER}. Install it with ` +
        '`apt-get update && apt-get install -y redis-server` (Debian), or point ' +
        'PERPKIT_REDIS_SERVER at a redis-server binary. `.ci/run` installs it.',
    )
  }
}

/**
 * Starts `redis-server` on 127.0.0.1 and `port`, without persistence, and
 * waits until it answers PING.
 *
 * @param port - Its port.
 * @param extra - More arguments (`--cluster-enabled yes`, ...).
 * @returns The process.
 */
export async function launch(port: number, extra: readonly string[] = []): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extra],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  const collect = (chunk: Buffer): void => {
    output += chunk.toString()
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const deadline = Date.now() + 10_000
  while (!(await answersPing(port))) {
    if (child.exitCode !== null) {
      throw new Error(`redis-server exited with ${child.exitCode} on port ${port}:\n${output}`)
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`redis-server did not answer PING on port ${port} within 10 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  child.stdout?.off('data', collect)
  child.stderr?.off('data', collect)
  child.stdout?.resume()
  child.stderr?.resume()
  return child
}

/** Sends an inline PING and waits for `+PONG`. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port })
    const done = (answer: boolean): void => {
      socket.destroy()
      resolve(answer)
    }
    socket.setTimeout(500, () => done(false))
    socket.once('error', () => done(false))
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')))
  })
}

/** A port the OS says is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}
