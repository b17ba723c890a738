/**
 * Prism's mock server of the document, on a free port of 127.0.0.1, as a child process that
 * the caller stops.
 *
 * @module
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { offlineEnv, toolBin } from '../tool-bin.ts'

/** A running mock. */
export interface PrismMock {
  url: string
  /** Stops the child process (and waits until it is gone). */
  stop(): Promise<void>
}

/** A port that was free a moment ago. */
async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, 'close')
  return port
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  const done = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)])
  if (!done) {
    child.kill('SIGKILL')
    await exited
  }
}

/**
 * Starts `prism mock` on a document and waits until it answers.
 *
 * @param document - The document's file.
 * @param dynamic - Generate answers from the schemas (`-d`) instead of serving the examples.
 * @returns The mock's URL and how to stop it.
 */
export async function startPrism(document: string, dynamic: boolean): Promise<PrismMock> {
  const port = await freePort()
  const args = [toolBin('@stoplight/prism-cli', 'prism'), 'mock', document]
  args.push('--port', String(port), '--host', '127.0.0.1', '--verboseLevel', 'warn')
  if (dynamic) args.push('--dynamic')
  const child = spawn(process.execPath, args, {
    env: offlineEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  // Whatever happens to this process, the mock goes with it.
  const orphan = () => child.kill('SIGKILL')
  process.once('exit', orphan)
  const stop = async () => {
    await stopChild(child)
    process.off('exit', orphan)
  }
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 90_000
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`prism exited (${child.exitCode}):\n${output}`)
      // Any answer means it listens (a document may lack the route).
      const up = await fetch(`${url}/system/time`).then(
        () => true,
        () => false,
      )
      if (up) break
      if (Date.now() > deadline) throw new Error(`prism did not answer in 90 s:\n${output}`)
      await sleep(250)
    }
  } catch (error) {
    await stop()
    throw error
  }
  return { url, stop }
}
