/**
 * Terminal colours: on only for a TTY (or FORCE_COLOR), off with NO_COLOR.
 *
 * @module
 */
import { styleText } from 'node:util'

/** The paints the renderers use; each is the identity when colours are off. */
export interface Style {
  /** Whether paints add escape codes. */
  readonly enabled: boolean
  bold(text: string): string
  dim(text: string): string
  green(text: string): string
  red(text: string): string
  cyan(text: string): string
  yellow(text: string): string
}

type Format = Parameters<typeof styleText>[0]

/**
 * Decides whether to colour output written to a stream: never when
 * `NO_COLOR` is set and not empty (https://no-color.org), always when
 * `FORCE_COLOR` is set to anything but `0`, else only on a TTY.
 *
 * @param stream - The output stream (`process.stdout`).
 * @param env - The environment.
 * @returns Whether to colour.
 */
export function shouldUseColor(
  stream: { isTTY?: boolean },
  env: Record<string, string | undefined>,
): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true
  return stream.isTTY === true
}

/**
 * Creates the paints.
 *
 * @param enabled - From {@link shouldUseColor}.
 * @returns A {@link Style}; with `enabled` false every paint returns its input.
 */
export function createStyle(enabled: boolean): Style {
  // The decision is ours (TTY, NO_COLOR, FORCE_COLOR): styleText must not second-guess it.
  const paint = (format: Format) => (text: string) =>
    enabled && text !== '' ? styleText(format, text, { validateStream: false }) : text
  return {
    enabled,
    bold: paint('bold'),
    dim: paint('dim'),
    green: paint('green'),
    red: paint('red'),
    cyan: paint('cyan'),
    yellow: paint('yellow'),
  }
}

/**
 * Paints a signed value green when positive and red when negative.
 *
 * @param style - The paints.
 * @param sign - `-1`, `0` or `1`.
 * @param text - The formatted value.
 * @returns The painted text.
 */
export function paintSigned(style: Style, sign: number, text: string): string {
  return sign > 0 ? style.green(text) : sign < 0 ? style.red(text) : text
}
