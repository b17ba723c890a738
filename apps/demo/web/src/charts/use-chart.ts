/**
 * What every chart of the page does around its own series: create the
 * chart once in its container with the current theme's palette, recolour
 * it when the system theme changes, and remove it when the component goes.
 *
 * @module
 */
import { useSignalEffect } from '@preact/signals'
import { useEffect, useRef } from 'preact/hooks'
import { baseOptions, type ChartPalette, palette, prefersDark } from './theme.ts'

/** What a chart component keeps of its chart: at least the chart itself. */
export interface ChartHandles {
  chart: { applyOptions(options: ReturnType<typeof baseOptions>): void; remove(): void }
}

/**
 * Mounts a chart and follows the system theme.
 *
 * @param create - Creates the chart in the element, with its series, for a palette (once).
 * @param recolor - Recolours the series for a new palette (the layout and grid already are).
 * @returns The container's ref (for the chart's `<div>`) and the handles, `null` when unmounted.
 */
export function useChart<H extends ChartHandles>(
  create: (element: HTMLDivElement, colors: ChartPalette) => H,
  recolor?: (handles: H, colors: ChartPalette) => void,
) {
  const container = useRef<HTMLDivElement>(null)
  const handles = useRef<H | null>(null)

  // Once, on mount: `create` of the first render builds the chart.
  useEffect(() => {
    const element = container.current
    if (element === null) return
    const created = create(element, palette(prefersDark.peek()))
    handles.current = created
    return () => {
      handles.current = null
      created.chart.remove()
    }
  }, [])

  useSignalEffect(() => {
    const colors = palette(prefersDark.value)
    const h = handles.current
    if (h === null) return
    h.chart.applyOptions(baseOptions(colors))
    recolor?.(h, colors)
  })

  return { container, handles }
}
