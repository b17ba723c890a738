/**
 * `pnpm test:runtimes`: the signer in every runtime it claims, against every other. Each
 * runtime runs a real HTTP server that verifies with `verifyRequest` (`Deno.serve`,
 * `Bun.serve`, a Worker under workerd) or `verifyNodeRequest` (node:http); each runtime then
 * signs requests and sends them to each server, and runs the RFC 4231 vectors. Chromium
 * (test-kit's) signs too, from a page, with CORS requests; it serves nothing. A cell passes
 * when the signed GET and POST are accepted, the replayed POST and a forged signature are
 * refused (401), a GET signed with the key's next secret (a roll-over) accepted as that
 * secret, a DELETE carrying a body refused (401), a key whose lookup never answers refused
 * with 503 after the lookup timeout, and the vectors pass.
 *
 * Then the README's recipes for `Bun.serve`, `Deno.serve` and a Worker (`examples/`) run as
 * services under Bun, Deno and workerd, and get the cases of `recipe-attacks.ts` (good,
 * tampered, replayed, non-JSON, GET and DELETE with a body). Prints both as Markdown tables;
 * exits 1 on any failing cell or any runtime that cannot be fetched or started (never skips).
 *
 * @module
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { bunAndDeno, launchChromium, otherNodes, type Runtime, workerd } from '@perpkit/test-kit'
import { build } from 'esbuild'
import { attackRecipe, recipeMistakes } from './recipe-attacks.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
const work = mkdtempSync(join(tmpdir(), 'perpkit-signer-runtimes-'))
const children: ChildProcess[] = []
const closers: (() => Promise<void>)[] = []
const execFileAsync = promisify(execFile)

async function bundle(entry: string, format: 'esm' | 'iife'): Promise<string> {
  const outfile = join(work, entry.replace(/^\.\.\/examples\//, 'recipe-').replace(/\.ts$/, '.mjs'))
  await build({
    entryPoints: [join(here, entry)],
    outfile,
    bundle: true,
    format,
    platform: 'neutral',
    target: 'es2022',
    external: ['node:*'],
    // The recipes import the package by name, as users do: its source here.
    alias: { '@perpkit/signer': join(here, '../src/index.ts') },
    logLevel: 'error',
  })
  return outfile
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  return port
}

/**
 * Starts a server process that prints its port first (`{"port":N}`, or a recipe's
 * `listening on http://127.0.0.1:N/`) and resolves with its URL. `PORT=0` asks a recipe for
 * a free port.
 */
async function startPrinting(command: [string, string[]]): Promise<string> {
  const child = spawn(command[0], command[1], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PORT: '0' },
  })
  children.push(child)
  const [chunk] = (await Promise.race([
    once(child.stdout!, 'data'),
    once(child, 'exit').then(() => {
      throw new Error(`${command[0]} exited before listening`)
    }),
  ])) as [Buffer]
  const port = /"port":(\d+)|127\.0\.0\.1:(\d+)/.exec(chunk.toString())
  if (port === null) throw new Error(`${command[0]} printed no port: ${chunk.toString()}`)
  return `http://127.0.0.1:${port[1] ?? port[2]}`
}

async function waitUntilUp(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await fetch(url)
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  throw new Error(`${url} never answered`)
}

/** Runs `script` under workerd: a service-worker script, or an ES module (`module`). */
async function startWorkerd(
  binary: string,
  script: string,
  kind: 'service-worker' | 'module' = 'service-worker',
): Promise<string> {
  const port = await freePort()
  const config = join(work, `workerd-${basename(script)}.capnp`)
  const code =
    kind === 'module'
      ? `modules = [(name = "worker", esModule = embed "${basename(script)}")]`
      : `serviceWorkerScript = embed "${basename(script)}"`
  writeFileSync(
    config,
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = (
      ${code},
      compatibilityDate = "2025-01-01",
      globalOutbound = "internet",
    )),
    (name = "internet", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
`,
  )
  const child = spawn(binary, ['serve', config], { stdio: ['ignore', 'inherit', 'inherit'] })
  children.push(child)
  const url = `http://127.0.0.1:${port}`
  await waitUntilUp(url)
  return url
}

interface Report {
  rfc4231: string
  statuses: Record<string, number | string>
}

const expected: Record<string, number> = {
  get: 200,
  post: 200,
  replay: 401,
  postSync: 200,
  forged: 401,
  rotated: 200,
  deleteBody: 401,
  stuckLookup: 503,
}

function verdict(report: Report): string {
  const wrong = Object.entries(report.statuses).filter(
    ([check, status]) => expected[check] !== status,
  )
  if (!report.rfc4231.startsWith('pass')) return `FAIL ${report.rfc4231}`
  if (wrong.length > 0) return `FAIL ${wrong.map(([c, s]) => `${c}=${s}`).join(' ')}`
  return report.statuses.postSync === undefined ? 'pass' : 'pass (+sync)'
}

interface Side {
  label: string
  server: string
  /** Signs in this runtime against `target` and reports. */
  sign(target: string): Promise<Report>
}

async function main(): Promise<number> {
  const [serveNode, serveFetch, signCli, workerScript, browserScript] = await Promise.all([
    bundle('serve-node.ts', 'esm'),
    bundle('serve-fetch.ts', 'esm'),
    bundle('sign-cli.ts', 'esm'),
    bundle('worker.ts', 'iife'),
    bundle('browser-probe.ts', 'iife'),
  ])
  const [bunRecipe, denoRecipe, workerRecipe] = await Promise.all([
    bundle('../examples/bun.ts', 'esm'),
    bundle('../examples/deno.ts', 'esm'),
    bundle('../examples/worker.ts', 'esm'),
  ])
  const [bun, deno] = await bunAndDeno()
  const processRuntimes: { runtime: Runtime; serve: string }[] = [
    ...(await otherNodes()).map((runtime) => ({ runtime, serve: serveNode })),
    { runtime: bun!, serve: serveFetch },
    { runtime: deno!, serve: serveFetch },
  ]
  const sides: Side[] = []
  for (const { runtime, serve } of processRuntimes) {
    const server = await startPrinting(runtime.command(serve))
    sides.push({
      label: runtime.label,
      server,
      async sign(target) {
        const [command, args] = runtime.command(signCli)
        const { stdout } = await execFileAsync(command, [...args, target], { timeout: 60_000 })
        return JSON.parse(stdout.trim().split('\n').at(-1)!) as Report
      },
    })
  }
  const { path, version } = await workerd()
  const workerUrl = await startWorkerd(path, workerScript)
  sides.push({
    label: `workerd ${version}`,
    server: workerUrl,
    async sign(target) {
      const response = await fetch(`${workerUrl}/__probe?target=${encodeURIComponent(target)}`)
      if (!response.ok)
        throw new Error(`workerd probe: HTTP ${response.status} ${await response.text()}`)
      return (await response.json()) as Report
    },
  })

  // Chromium signs only (a browser serves no HTTP): a page on the first server's origin
  // (loopback, so a secure context with crypto.subtle) sends CORS requests to every server.
  const browser = await launchChromium()
  closers.push(() => browser.close())
  const page = await browser.newPage()
  await page.goto(sides[0]!.server)
  await page.addScriptTag({ content: readFileSync(browserScript, 'utf8') })
  const signers: Omit<Side, 'server'>[] = [
    ...sides,
    {
      label: `chromium ${browser.version()}`,
      sign: (target) =>
        page.evaluate(
          (url) =>
            (globalThis as unknown as { perpkitProbe(u: string): Promise<Report> }).perpkitProbe(
              url,
            ),
          target,
        ),
    },
  ]

  let failures = 0
  const rows: string[] = []
  for (const signer of signers) {
    const cells: string[] = []
    for (const verifier of sides) {
      let cell: string
      try {
        cell = verdict(await signer.sign(verifier.server))
      } catch (error) {
        cell = `FAIL ${(error as Error).message.split('\n')[0]}`
      }
      if (cell.startsWith('FAIL')) failures++
      cells.push(cell)
    }
    rows.push(`| ${signer.label} | ${cells.join(' | ')} |`)
  }
  console.log(`| signs \\ verifies | ${sides.map((side) => side.label).join(' | ')} |`)
  console.log(`|---|${sides.map(() => '---|').join('')}`)
  for (const row of rows) console.log(row)
  console.log(
    `\nEach cell: signed GET and POST accepted, the replayed POST and a forged signature refused (401), a GET signed with the next secret accepted as secretIndex 0, a DELETE with a body refused (401), a stuck key lookup refused (503), RFC 4231 vectors pass in the signing runtime; "+sync" also signed with signRequestSync (node:crypto). ${failures} failing cell(s).`,
  )

  // The README's recipes, as services in the runtimes they are written for.
  const recipes: [label: string, start: () => Promise<string>][] = [
    [`Bun.serve (${bun!.label})`, () => startPrinting(bun!.command(bunRecipe))],
    [`Deno.serve (${deno!.label})`, () => startPrinting(deno!.command(denoRecipe))],
    [`Worker (workerd ${version})`, () => startWorkerd(path, workerRecipe, 'module')],
  ]
  console.log('\n| recipe | good, tampered, replayed, non-JSON, GET/DELETE with a body |')
  console.log('|---|---|')
  for (const [label, start] of recipes) {
    let cell: string
    try {
      const mistakes = recipeMistakes(await attackRecipe(await start()))
      cell = mistakes.length === 0 ? 'pass' : `FAIL ${mistakes.join(' ')}`
    } catch (error) {
      cell = `FAIL ${(error as Error).message.split('\n')[0]}`
    }
    if (cell.startsWith('FAIL')) failures++
    console.log(`| ${label} | ${cell} |`)
  }
  console.log(`\n${failures} failing cell(s) in all.`)
  return failures
}

let code = 1
try {
  code = (await main()) === 0 ? 0 : 1
} catch (error) {
  console.error(error)
} finally {
  for (const close of closers) await close().catch(() => {})
  for (const child of children) child.kill()
  rmSync(work, { recursive: true, force: true })
}
process.exitCode = code
