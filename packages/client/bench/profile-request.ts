import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { cpuMicros, startPayloadSandboxes } from '@perpkit/bench-kit'
import { contenders, type Encoding } from './contenders.ts'

/**
 * `tsx bench/profile-request.ts <payload word> <contender> [identity|gzip] [calls]`: where one
 * contender's per-request CPU goes. Warms up like request-child.ts, times the calls
 * (`process.cpuUsage()`, and on Linux the CPU of the threads other than the main one, from
 * /proc), then samples the V8 CPU profiler (which sees the main thread only) over as many calls
 * again and prints each group's share of the non-idle samples, scaled to the main thread's CPU,
 * in µs a call. Builtins (`JSON.parse`, `Array.isArray`, ...) count in the JS function that calls them.
 * `PERPKIT_PROFILE_DETAIL=1` splits ky and undici by function; `PERPKIT_PROFILE_OUT=file.cpuprofile`
 * also writes the profile (open it in Chrome DevTools).
 */
const [word = '100 levels', name = 'perpkit', encoding = 'identity', callsArg] =
  process.argv.slice(2)
const sandboxes = await startPayloadSandboxes()
try {
  const payload = sandboxes.payloads.find((p) => p.name.includes(word))
  if (payload === undefined) throw new Error(`no payload named like ${word}`)
  const fn = contenders(payload, encoding as Encoding)[name as keyof ReturnType<typeof contenders>]
  if (fn === undefined) throw new Error(`${name} has no call for ${payload.name}`)
  const calls = Number(callsArg ?? (payload.name.includes('details') ? 60 : 1500))
  for (let i = 0; i < calls; i++) await fn()
  // Unprofiled first: the CPU a call, and how much of it runs off the main thread.
  const cpu = cpuMicros()
  const threadsBefore = threadTicks()
  for (let i = 0; i < calls; i++) await fn()
  const cpuUs = (cpuMicros() - cpu) / calls
  const threadsAfter = threadTicks()
  const offMain =
    threadsBefore && threadsAfter ? ((threadsAfter[1] - threadsBefore[1]) * 10_000) / calls : 0
  // Then the same calls under the profiler, which sees the main thread only.
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 100 })
  await session.post('Profiler.start')
  for (let i = 0; i < calls; i++) await fn()
  const { profile } = await session.post('Profiler.stop')
  session.disconnect()
  if (process.env.PERPKIT_PROFILE_OUT) {
    writeFileSync(process.env.PERPKIT_PROFILE_OUT, JSON.stringify(profile))
  }
  const groups = new Map<string, number>()
  let busy = 0
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0
    if (hits === 0 || node.callFrame.functionName === '(idle)') continue
    busy += hits
    const group = groupOf(node.callFrame.url, node.callFrame.functionName)
    groups.set(group, (groups.get(group) ?? 0) + hits)
  }
  const mainUs = cpuUs - offMain
  console.log(
    `${name}, ${payload.name}, ${encoding}: ${cpuUs.toFixed(0)} µs CPU a call over ${calls} calls`,
  )
  if (threadsBefore) {
    console.log(
      `  other threads (GC helpers, compiler; /proc, 10 ms ticks) ${offMain.toFixed(0)} µs, the main thread ${mainUs.toFixed(0)} µs:`,
    )
  }
  for (const [group, hits] of [...groups].sort((a, b) => b[1] - a[1])) {
    if (hits / busy < 0.005) continue
    const share = `${((100 * hits) / busy).toFixed(1)}%`.padStart(6)
    console.log(`${share} ${((mainUs * hits) / busy).toFixed(1).padStart(7)} µs  ${group}`)
  }
} finally {
  await sandboxes.stop()
}

/** CPU ticks (1/100 s) of the main thread and of all other threads, where /proc has them. */
function threadTicks(): [main: number, others: number] | undefined {
  if (!existsSync('/proc/self/task')) return undefined
  const ticks: [number, number] = [0, 0]
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    ticks[tid === String(process.pid) ? 0 : 1] += Number(fields[11]) + Number(fields[12])
  }
  return ticks
}

/** The group a profile node's self time counts in. */
function groupOf(url: string, fn: string): string {
  if (fn.startsWith('(')) return fn // (garbage collector), (program)
  const detail = process.env.PERPKIT_PROFILE_DETAIL ? ` ${fn}` : ''
  if (url.includes('/ky/')) return `ky${detail}`
  if (url.includes('undici')) return `undici (Node fetch)${detail}`
  if (url.includes('/axios/')) return 'axios'
  const own = /packages\/(client|schemas)\/src\/(.*)$/.exec(url)
  if (own) return `${own[1]}: ${own[2]} ${fn}`
  if (url.includes('bench/')) return `bench harness ${fn}`
  if (url.startsWith('node:internal/webstreams')) return 'node: web streams'
  if (url.startsWith('node:')) return `node: ${url.replace('node:internal/', '')}`
  if (url === '') return `native: ${fn}`
  return `other: ${url.split('/').slice(-3).join('/')} ${fn}`
}
