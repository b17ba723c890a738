// Printing hooks for objects that carry a secret or a memo: JSON.stringify, String(),
// template literals, Node/Bun `util.inspect` / console.log and Deno's console all print a
// redacted view instead of the real fields.

/** What a redacted field prints as. */
export const redactedText = '[redacted]'

const nodeInspect = Symbol.for('nodejs.util.inspect.custom')
const denoInspect = Symbol.for('Deno.customInspect')

type InspectFunction = (value: unknown, options?: unknown) => string

/**
 * Makes `target` print as `label { ...view() }` everywhere: `toJSON` (so `JSON.stringify`
 * emits the view), `toString`, and the Node/Bun and Deno custom-inspect hooks. The hooks are
 * non-enumerable, so they do not show up in `Object.keys` or spreads.
 */
export function defineRedactedView(
  target: object,
  label: string,
  view: () => Record<string, unknown>,
): void {
  const printWith = (inspect: InspectFunction | undefined, options: unknown): string =>
    `${label} ${typeof inspect === 'function' ? inspect(view(), options) : JSON.stringify(view())}`
  Object.defineProperties(target, {
    toJSON: { value: view },
    toString: { value: () => `${label} ${JSON.stringify(view())}` },
    [nodeInspect]: {
      value: (_depth: number, options: unknown, inspect?: InspectFunction) =>
        printWith(inspect, options),
    },
    [denoInspect]: {
      value: (inspect?: InspectFunction, options?: unknown) => printWith(inspect, options),
    },
  })
}
