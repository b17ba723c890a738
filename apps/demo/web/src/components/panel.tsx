/**
 * A panel: a titled card that shows its content, or, when its data failed to
 * load, the typed error as a readable line (never a blank panel).
 *
 * @module
 */
import type { ComponentChildren } from 'preact'

/** Props of {@link Panel}. */
export interface PanelProps {
  title: string
  /** The panel's load error, if any. */
  error?: string | undefined
  /** Whether there is data to show (an error without data replaces the content). */
  ready?: boolean
  testid?: string
  class?: string
  actions?: ComponentChildren
  children?: ComponentChildren
}

/** A titled card with error and loading states. */
export function Panel(props: PanelProps) {
  const ready = props.ready ?? true
  return (
    <section
      class={`panel ${props.class ?? ''}`}
      data-testid={props.testid}
      aria-busy={!ready && props.error === undefined}
    >
      <header class="panel-head">
        <h2>{props.title}</h2>
        {props.actions}
      </header>
      {props.error !== undefined && (
        <p class="panel-error" role="alert">
          {props.error}
        </p>
      )}
      {ready ? props.children : props.error === undefined && <p class="panel-loading">loading…</p>}
    </section>
  )
}

/** A two-column list of labelled figures. */
export function Figures(props: {
  rows: readonly (readonly [string, ComponentChildren])[]
  testid?: string
}) {
  return (
    <dl class="figures" data-testid={props.testid}>
      {props.rows.map(([label, value]) => (
        <div class="figure" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
