/**
 * The faults panel's experiments: a request to the sandbox carrying a fault
 * (the `X-Sandbox-Fault` header), on its first attempt only or on every
 * attempt, through a client whose hooks log each attempt. A fault on the
 * first attempt shows the client retrying to success; a fault on every
 * attempt shows the typed error it gives up with.
 *
 * @module
 */
import { createClient } from '@perpkit/client'
import { signal } from '@preact/signals'
import { clientOptions } from '../api.ts'
import type { DashboardConfig } from '../dashboard-config.ts'
import { errorText } from './async.ts'

/** The faults on offer, as the sandbox names them in `X-Sandbox-Fault`. */
export const FAULTS = [
  { fault: 'rate-limit=1', label: '429 rate limit' },
  { fault: 'unavailable', label: '503 unavailable' },
  { fault: 'unavailable-html', label: 'HTML 503' },
  { fault: 'stall', label: 'stalled body' },
  { fault: 'maintenance', label: 'maintenance' },
] as const

/** Whether the fault hits the first attempt only or every attempt. */
export type FaultMode = 'once' | 'always'

/** The sandbox's per-request fault header. */
const FAULT_HEADER = 'X-Sandbox-Fault'

/** One line of the faults log. */
export interface FaultLogLine {
  id: number
  tone: 'info' | 'retry' | 'ok' | 'error'
  text: string
}

/** Per-attempt timeout of the experiments: a stalled body times out quickly. */
const TIMEOUT_MS = 1_500

/**
 * Creates the faults panel's state and its `run` action.
 *
 * @param config - The page's configuration (base URL, credentials).
 * @returns The log, whether an experiment is running, and `run`.
 */
export function createFaults(config: DashboardConfig) {
  const log = signal<FaultLogLine[]>([])
  const running = signal(false)
  let nextId = 0
  const write = (tone: FaultLogLine['tone'], text: string) => {
    log.value = [...log.value, { id: nextId++, tone, text }].slice(-40)
  }

  /**
   * Asks for `fault` on one leverage-bracket request (an endpoint the page
   * rarely calls, so the experiment leaves the live panels' budgets alone).
   */
  async function run(fault: string, mode: FaultMode, symbol: string): Promise<void> {
    if (running.value) return
    running.value = true
    let attempt = 0
    const client = createClient({
      ...clientOptions(config),
      timeout: TIMEOUT_MS,
      retry: { maxRetries: 2, baseDelayMs: 250, maxDelayMs: 1_000 },
      hooks: {
        beforeRequest: [
          (request) => {
            attempt++
            const faulted = mode === 'always' || attempt === 1
            if (faulted) request.headers.set(FAULT_HEADER, fault)
            write(
              attempt === 1 ? 'info' : 'retry',
              `attempt ${attempt}: GET leverage-bracket${faulted ? ` with ${fault}` : ''}`,
            )
          },
        ],
        afterResponse: [
          (_request, _options, response) => {
            write(
              'info',
              `attempt ${attempt}: HTTP ${response.status} ${response.headers.get('content-type') ?? ''}`.trim(),
            )
          },
        ],
      },
    })
    write('info', `${fault} ${mode === 'once' ? 'on the first attempt' : 'on every attempt'}`)
    try {
      const { attempts } = await client.getLeverageBrackets({ symbol }).withResponse()
      write('ok', `ok after ${attempts} attempt${attempts === 1 ? '' : 's'}`)
    } catch (error) {
      write('error', errorText(error))
    } finally {
      running.value = false
    }
  }

  return { log, running, run, clear: () => (log.value = []) }
}

/** The faults panel's state. */
export type Faults = ReturnType<typeof createFaults>
