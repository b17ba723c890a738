/**
 * A note between a command's progress events: a JSON line, or on a TTY a
 * line of text.
 *
 * @module
 */
import type { CommandContext } from './context.ts'

/**
 * Writes a note, if any.
 *
 * @param ctx - The command's output.
 * @param entry - The event's fields and its line of text.
 */
export function note(
  ctx: Pick<CommandContext, 'stdout'>,
  entry: { fields: Record<string, unknown>; line: string } | undefined,
): void {
  if (entry === undefined) return
  ctx.stdout.write(ctx.stdout.isTTY ? `${entry.line}\n` : `${JSON.stringify(entry.fields)}\n`)
}
