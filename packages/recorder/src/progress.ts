/**
 * Progress: one rewritten status line on a TTY, JSON lines otherwise.
 *
 * @module
 */

/**
 * Where a command writes: `process.stdout` fits, and so does a capture.
 *
 * @example
 * ```ts
 * let text = ''
 * const capture: Output = { write: (s) => { text += s }, isTTY: false }
 * ```
 */
export interface Output {
  /** Writes text as it is (lines end with `\n`). */
  write(text: string): void
  /** A terminal gets a rewritten progress line; anything else gets JSON lines. */
  isTTY?: boolean | undefined
}

/** Reports events as JSON lines or, on a TTY, as one status line. */
export interface Progress {
  /** An event: a JSON line, or (on a TTY) the status line `line`. */
  event(fields: Record<string, unknown>, line: string): void
  /** Ends the status line. */
  done(): void
}

/**
 * A reporter for `out`.
 *
 * @param out - Standard output.
 * @returns The reporter.
 */
export function createProgress(out: Output): Progress {
  let open = false
  return {
    event: (fields, line) => {
      if (out.isTTY) {
        out.write(`\r\x1b[2K${line}`)
        open = true
      } else out.write(`${JSON.stringify(fields)}\n`)
    },
    done: () => {
      if (open) out.write('\n')
      open = false
    },
  }
}

/**
 * Time left, from the pace so far: `elapsed / done × (total - done)`.
 *
 * @param done - Units done (windows).
 * @param total - Units in all.
 * @param elapsedMs - Time since the start, ms.
 * @returns Milliseconds left (0 when done), or undefined before the first unit.
 */
export function estimateEta(done: number, total: number, elapsedMs: number): number | undefined {
  if (done >= total) return 0
  if (done <= 0) return undefined
  return Math.round((elapsedMs / done) * (total - done))
}

/**
 * A duration as a progress line says it: `45s`, `3m 12s`, `2h 05m`, `3d 04h`.
 *
 * @param ms - Milliseconds.
 * @returns The text.
 */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000))
  const pad = (n: number) => String(n).padStart(2, '0')
  if (s < 60) return `${s}s`
  if (s < 3600) return `${Math.floor(s / 60)}m ${pad(s % 60)}s`
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${pad(Math.floor((s % 3600) / 60))}m`
  return `${Math.floor(s / 86_400)}d ${pad(Math.floor((s % 86_400) / 3600))}h`
}
