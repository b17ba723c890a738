/**
 * A real Redis Cluster for Redis suites: six `redis-server` processes
 * (`--cluster-enabled yes`) on 127.0.0.1 and free ports, joined by
 * `redis-cli --cluster create ... --cluster-replicas 1`: three masters, each
 * with one replica. Waits for conditions (CLUSTER INFO, CLUSTER NODES,
 * replication links), never for a fixed time.
 *
 * Like {@link startRedis}, it fails (never skips) without `redis-server`.
 *
 * @module
 */
import { type ChildProcess, execFile, spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { assertInstalled, freePort, launch } from './redis.ts'

const run = promisify(execFile)

/** The client binary; `PERPKIT_REDIS_CLI` overrides it. */
const REDIS_CLI = process.env.PERPKIT_REDIS_CLI ?? 'redis-cli'

/** A running Redis Cluster of three masters and three replicas. */
export interface RedisCluster {
  /** Every node, for `createCluster({ rootNodes })` of node-redis. */
  rootNodes: { url: string }[]
  /** Runs one command on the node at `port` through `redis-cli`; resolves with its output. */
  command(port: number, ...args: string[]): Promise<string>
  /** The port of the master that serves `key`'s slot now. */
  masterOf(key: string): Promise<number>
  /**
   * Hands `key`'s slot to the replica of its master: `CLUSTER FAILOVER` on
   * the replica, then waits until every node sees the replica as the slot's
   * master, the cluster is ok, and the old master replicates from it.
   *
   * @returns The ports of the old and the new master.
   */
  failover(key: string): Promise<{ from: number; to: number }>
  /**
   * Kills the master that serves `key`'s slot (`SIGKILL`: no goodbye, its
   * last writes may never reach the replica), then waits until its replica
   * has taken over: every node still running sees the replica as the slot's
   * master, and the cluster is ok again. Redis notices the death after the
   * cluster's node timeout ({@link StartRedisClusterOptions.nodeTimeoutMs}).
   *
   * @param key - A key of the slot whose master dies.
   * @param moment - Awaited with the master's port once it is known, just before the kill
   *   (a test picks its moment there: say, while slots are in flight).
   * @returns The ports of the killed master and of the new one.
   */
  kill(key: string, moment?: (port: number) => Promise<void>): Promise<{ from: number; to: number }>
  /** Stops every node and removes their files. */
  close(): Promise<void>
}

/** Options of {@link startRedisCluster}. */
export interface StartRedisClusterOptions {
  /**
   * `cluster-node-timeout`: how long a node may be unreachable before the
   * cluster counts it as failed (and a replica of a dead master takes over).
   * @default 5000
   */
  nodeTimeoutMs?: number
}

/** One line of CLUSTER NODES. */
interface NodeLine {
  id: string
  port: number
  flags: string[]
  masterId: string
  slots: string[]
}

/**
 * Starts a Redis Cluster of six nodes (three masters, one replica each) and
 * waits until every node reports `cluster_state:ok` and every replica is in
 * sync with its master.
 *
 * @param options - The node timeout.
 * @returns The cluster; `close()` it in `afterAll`.
 * @throws {Error} when `redis-server` is not installed, or the cluster does not form.
 * @example
 * ```ts
 * const cluster = await startRedisCluster()
 * console.log(cluster.rootNodes) // [{ url: 'redis://127.0.0.1:<port>' }, ...], for createCluster
 * await cluster.close()
 * ```
 */
export async function startRedisCluster(
  options: StartRedisClusterOptions = {},
): Promise<RedisCluster> {
  assertInstalled()
  const probe = spawnSync(REDIS_CLI, ['--version'], { encoding: 'utf8' })
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `The Redis Cluster suite needs ${REDIS_CLI} (Debian: redis-tools, which redis-server ` +
        'depends on), or PERPKIT_REDIS_CLI pointing at one.',
    )
  }
  const dir = await mkdtemp(join(tmpdir(), 'perpkit-redis-cluster-'))
  const children: ChildProcess[] = []
  const ports: number[] = []
  const close = async (): Promise<void> => {
    await Promise.all(children.splice(0).map(kill))
    await rm(dir, { recursive: true, force: true })
  }
  const command = async (port: number, ...args: string[]): Promise<string> => {
    const { stdout } = await run(REDIS_CLI, ['-h', '127.0.0.1', '-p', String(port), ...args], {
      timeout: 10_000,
    })
    return stdout
  }
  try {
    for (let i = 0; i < 6; i++) {
      const port = await freePort()
      const busPort = await freePort()
      ports.push(port)
      children.push(
        await launch(port, [
          '--cluster-enabled',
          'yes',
          '--cluster-port',
          String(busPort),
          '--cluster-config-file',
          `nodes-${port}.conf`,
          '--cluster-node-timeout',
          String(options.nodeTimeoutMs ?? 5000),
          '--dir',
          dir,
        ]),
      )
    }
    await run(
      REDIS_CLI,
      [
        '--cluster',
        'create',
        ...ports.map((port) => `127.0.0.1:${port}`),
        '--cluster-replicas',
        '1',
        '--cluster-yes',
      ],
      { timeout: 60_000 },
    )
    await waitFor('the cluster to form', () => formed(command, ports))
  } catch (error) {
    await close()
    throw error
  }

  /** Ports of nodes that were killed: asked nothing any more. */
  const dead = new Set<number>()
  const anyLive = (): number => ports.find((port) => !dead.has(port)) as number
  const slotOf = async (key: string): Promise<number> =>
    Number((await command(anyLive(), 'CLUSTER', 'KEYSLOT', key)).trim())
  /** The slot's master as the node on `port` sees it. */
  const masterSeenBy = async (port: number, slot: number): Promise<NodeLine | undefined> =>
    parseNodes(await command(port, 'CLUSTER', 'NODES')).find(
      (node) => node.flags.includes('master') && serves(node, slot),
    )
  const masterOf = async (key: string): Promise<number> => {
    const slot = await slotOf(key)
    const master = await masterSeenBy(anyLive(), slot)
    if (!master) throw new Error(`no master serves slot ${slot}`)
    return master.port
  }

  /** `key`'s slot, the port of its master, and that of the master's replica. */
  const shardOf = async (key: string): Promise<{ slot: number; from: number; to: number }> => {
    const slot = await slotOf(key)
    const from = await masterOf(key)
    const nodes = parseNodes(await command(from, 'CLUSTER', 'NODES'))
    const master = nodes.find((node) => node.port === from) as NodeLine
    const replica = nodes.find((node) => node.masterId === master.id)
    if (!replica) throw new Error(`the master on ${from} has no replica`)
    return { slot, from, to: replica.port }
  }

  return {
    rootNodes: ports.map((port) => ({ url: `redis://127.0.0.1:${port}` })),
    command,
    masterOf,
    close,
    failover: async (key) => {
      const { slot, from, to } = await shardOf(key)
      const answer = (await command(to, 'CLUSTER', 'FAILOVER')).trim()
      if (answer !== 'OK') throw new Error(`CLUSTER FAILOVER on ${to} answered ${answer}`)
      await waitFor(`the failover of slot ${slot} from ${from} to ${to}`, async () => {
        for (const port of ports) {
          if ((await masterSeenBy(port, slot))?.port !== to) return false
        }
        return formed(command, ports)
      })
      return { from, to }
    },
    kill: async (key, moment) => {
      const { slot, from, to } = await shardOf(key)
      await moment?.(from)
      dead.add(from)
      await kill(children[ports.indexOf(from)] as ChildProcess)
      const alive = ports.filter((port) => !dead.has(port))
      await waitFor(`the replica on ${to} to take slot ${slot} over`, async () => {
        for (const port of alive) {
          if ((await masterSeenBy(port, slot))?.port !== to) return false
          const info = await command(port, 'CLUSTER', 'INFO')
          if (!info.includes('cluster_state:ok')) return false
        }
        return true
      })
      return { from, to }
    },
  }
}

/** Whether every node is ok, knows the same 3 masters and 3 replicas, and every replica is in sync. */
async function formed(
  command: (port: number, ...args: string[]) => Promise<string>,
  ports: number[],
): Promise<boolean> {
  for (const port of ports) {
    const info = await command(port, 'CLUSTER', 'INFO')
    if (!info.includes('cluster_state:ok') || !info.includes('cluster_slots_ok:16384')) return false
    const nodes = parseNodes(await command(port, 'CLUSTER', 'NODES'))
    const healthy = nodes.filter((node) => !node.flags.some((flag) => flag.startsWith('fail')))
    if (healthy.filter((node) => node.flags.includes('master')).length !== 3) return false
    if (healthy.filter((node) => node.flags.includes('slave')).length !== 3) return false
    const self = nodes.find((node) => node.flags.includes('myself'))
    if (self?.flags.includes('slave')) {
      const replication = await command(port, 'INFO', 'replication')
      if (!replication.includes('master_link_status:up')) return false
      if (!replication.includes('master_sync_in_progress:0')) return false
    }
  }
  return true
}

function parseNodes(text: string): NodeLine[] {
  return text
    .trim()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [id = '', address = '', flags = '', masterId = '', , , , , ...slots] = line
        .trim()
        .split(' ')
      const port = Number(address.split('@')[0]?.split(':').at(-1))
      return { id, port, flags: flags.split(','), masterId, slots }
    })
}

function serves(node: NodeLine, slot: number): boolean {
  return node.slots.some((range) => {
    if (range.startsWith('[')) return false
    const [first, last = first] = range.split('-').map(Number)
    return (first as number) <= slot && slot <= (last as number)
  })
}

async function waitFor(what: string, done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000
  while (!(await done().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGKILL')
  return exited
}
