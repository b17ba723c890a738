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
