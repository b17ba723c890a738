/**
 * The faults panel: asks the sandbox for a fault on one request, on the
 * first attempt (the client retries to success) or on every attempt (the
 * client gives up with its typed error), and logs every attempt.
 *
 * @module
 */
import { useSignal } from '@preact/signals'
import { useEffect, useRef } from 'preact/hooks'
import type { DashboardConfig } from '../dashboard-config.ts'
import { FAULTS, type FaultMode, type Faults } from '../market/faults.ts'
import type { Market } from '../market/store.ts'
import { Panel } from './panel.tsx'

/** Fault buttons and the attempt log (`data-testid="faults-panel"`). */
export function FaultsPanel(props: { faults: Faults; market: Market; config: DashboardConfig }) {
  const { faults, market, config } = props
  const mode = useSignal<FaultMode>('once')
  const logList = useRef<HTMLUListElement>(null)
  const lines = faults.log.value.length
  // Keep the newest line in view.
  useEffect(() => {
    const list = logList.current
    if (list !== null && lines > 0) list.scrollTop = list.scrollHeight
  }, [lines])
  if (config.source !== 'sandbox') {
    return (
      <Panel title="Faults" testid="faults-panel">
        <p class="caption">
          Faults come from the embedded sandbox; this page talks to {config.baseUrl}.
        </p>
      </Panel>
    )
  }
  return (
    <Panel title="Faults" testid="faults-panel" class="panel-faults">
      <p class="caption">
        One leverage-bracket request with the sandbox's <code>X-Sandbox-Fault</code> header: watch
        the client retry or fail with its typed error.
      </p>
      <fieldset class="segmented" aria-label="fault mode">
        {(['once', 'always'] as const).map((m) => (
          <button
            type="button"
            key={m}
            data-testid={`fault-mode-${m}`}
            aria-pressed={mode.value === m}
            onClick={() => (mode.value = m)}
          >
            {m === 'once' ? 'first attempt only' : 'every attempt'}
          </button>
        ))}
      </fieldset>
      <div class="fault-buttons">
        {FAULTS.map(({ fault, label }) => (
          <button
            type="button"
            key={fault}
            data-testid={`fault-${fault.split('=')[0]}`}
            disabled={faults.running.value}
            onClick={() => void faults.run(fault, mode.value, market.symbol.value)}
          >
            {label}
          </button>
        ))}
        <button type="button" onClick={faults.clear} disabled={faults.log.value.length === 0}>
          clear
        </button>
      </div>
      <ul class="fault-log" data-testid="fault-log" aria-live="polite" ref={logList}>
        {faults.log.value.map((line) => (
          <li key={line.id} class={`tone-${line.tone}`} data-tone={line.tone}>
            {line.text}
          </li>
        ))}
      </ul>
    </Panel>
  )
}
