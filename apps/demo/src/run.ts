/**
 * Running the demo: open the source (sandbox or deployment), take the
 * snapshot once or again and again with `--watch`, stop cleanly on Ctrl-C,
 * and turn every failure into one line on stderr.
 *
 * @module
 */
import { isRetryableError } from '@perpkit/client'
import type { DemoArgs } from './args.ts'
import { DemoError } from './demo-error.ts'
import { describeError } from './errors.ts'
import { formatTime } from './format.ts'
import { pause } from './pause.ts'
import { renderJson } from './render-json.ts'
import { renderText } from './render-text.ts'
import { gatherDocument } from './snapshot.ts'
import type { DemoDocument } from './snapshot-types.ts'
import { type DataSource, openSource } from './source.ts'
import { createStyle, type Style, shouldUseColor } from './style.ts'

/** Where the run writes. */
interface Output {
  stdout: { write(text: string): unknown; isTTY?: boolean }
  stderr: { write(text: string): unknown }
  style: Style
}

/** Clears a terminal and moves the cursor home. */
const CLEAR_SCREEN = '\u001b[2J\u001b[H'

function render(args: DemoArgs, output: Output, document: DemoDocument): string {
  return args.json ? renderJson(document, args.watch) : renderText(document, output.style)
}

/**
 * Gathers one snapshot of every symbol and writes it.
 *
 * @param source - Where the data comes from.
 * @param args - Symbols, size, output format.
 * @param output - Streams and paints.
 * @param signal - Aborts the requests in flight.
 */
async function runOnce(
  source: DataSource,
  args: DemoArgs,
  output: Output,
  signal: AbortSignal,
): Promise<void> {
  const document = await gatherDocument(source.client, args.symbols, source.info, {
    size: args.size,
    signal,
  })
  output.stdout.write(render(args, output, document))
}

/**
 * Refreshes the snapshot until `signal` aborts (Ctrl-C): every request still
 * goes through the client's rate limiter, so a refresh never outruns the
 * interface's limits. Errors that may pass (rate limits, timeouts, network)
 * are reported and retried on the next refresh; others end the run.
 *
 * @param source - Where the data comes from.
 * @param args - Symbols, size, output format, interval.
 * @param output - Streams and paints.
 * @param signal - Ends the loop.
 * @throws the first error that is not retryable.
 */
async function runWatch(
  source: DataSource,
  args: DemoArgs,
  output: Output,
  signal: AbortSignal,
): Promise<void> {
  while (!signal.aborted) {
    const started = Date.now()
    try {
      const document = await gatherDocument(source.client, args.symbols, source.info, {
        size: args.size,
        signal,
      })
      if (args.json) {
        output.stdout.write(render(args, output, document))
      } else {
        const clear = output.stdout.isTTY === true ? CLEAR_SCREEN : ''
        const took = ((Date.now() - started) / 1000).toFixed(1)
        const footer = output.style.dim(
          `refreshed at ${formatTime(document.generatedAt)} UTC in ${took} s · every ${args.intervalS} s · Ctrl-C to quit`,
        )
        output.stdout.write(`${clear}${render(args, output, document)}\n${footer}\n`)
      }
    } catch (error) {
      if (signal.aborted) return
      if (!isRetryableError(error)) throw error
      output.stderr.write(`perpkit-demo: ${describeError(error, source.info.url)}; trying again\n`)
    }
    await pause(args.intervalS * 1000, signal)
  }
}

/** Exit code after Ctrl-C in a one-shot run (128 + SIGINT). */
const INTERRUPTED = 130

/**
 * Runs the demo to the end: opens the source, runs once or with `--watch`,
 * stops on SIGINT or SIGTERM (closing the sandbox), reports any failure as
 * one line on stderr.
 *
 * @param args - The parsed arguments.
 * @returns The exit code: 0; 1 on failure; 130 when a one-shot run is interrupted.
 */
export async function runDemo(args: DemoArgs): Promise<number> {
  const color = !args.json && shouldUseColor(process.stdout, process.env)
  const output: Output = {
    stdout: process.stdout,
    stderr: process.stderr,
    style: createStyle(color),
  }
  const controller = new AbortController()
  const interrupt = () => controller.abort(new DemoError('interrupted'))
  process.once('SIGINT', interrupt)
  process.once('SIGTERM', interrupt)
  let source: DataSource | undefined
  try {
    source = await openSource(args.baseUrl, process.env)
    for (const warning of source.warnings) output.stderr.write(`perpkit-demo: note: ${warning}\n`)
    if (args.watch) await runWatch(source, args, output, controller.signal)
    else await runOnce(source, args, output, controller.signal)
    return controller.signal.aborted && !args.watch ? INTERRUPTED : 0
  } catch (error) {
    if (controller.signal.aborted) return args.watch ? 0 : INTERRUPTED
    output.stderr.write(
      `perpkit-demo: ${describeError(error, source?.info.url ?? args.baseUrl ?? undefined)}\n`,
    )
    return error instanceof DemoError ? error.exitCode : 1
  } finally {
    process.off('SIGINT', interrupt)
    process.off('SIGTERM', interrupt)
    await source?.close()
  }
}
