/**
 * Chart colours for the system's light or dark theme, following the
 * `prefers-color-scheme` setting as it changes.
 *
 * @module
 */
import { signal } from '@preact/signals'
import { ColorType, type DeepPartial, type LayoutOptions } from 'lightweight-charts'

/** A chart palette. */
export interface ChartPalette {
  background: string
  text: string
  grid: string
  up: string
  down: string
  mark: string
  liquidation: string
  volumeUp: string
  volumeDown: string
}

const LIGHT: ChartPalette = {
  background: '#ffffff',
  text: '#3b4252',
  grid: '#eceff4',
  up: '#1a9a6c',
  down: '#d64550',
  mark: '#c27c0e',
  liquidation: '#8a3ffc',
  volumeUp: 'rgba(26, 154, 108, 0.35)',
  volumeDown: 'rgba(214, 69, 80, 0.35)',
}

const DARK: ChartPalette = {
  background: '#161b22',
  text: '#c9d1d9',
  grid: '#21262d',
  up: '#3fb97f',
  down: '#f0606b',
  mark: '#e3b341',
  liquidation: '#b48cff',
  volumeUp: 'rgba(63, 185, 127, 0.35)',
  volumeDown: 'rgba(240, 96, 107, 0.35)',
}

const query = globalThis.matchMedia?.('(prefers-color-scheme: dark)')

/** `true` while the system prefers dark colours. */
export const prefersDark = signal(query?.matches ?? false)
query?.addEventListener('change', (event) => {
  prefersDark.value = event.matches
})

/** The palette of the system's current theme. */
export function palette(dark: boolean): ChartPalette {
  return dark ? DARK : LIGHT
}

/** The charts' common layout and grid for a palette. */
export function baseOptions(colors: ChartPalette) {
  const layout: DeepPartial<LayoutOptions> = {
    background: { type: ColorType.Solid, color: colors.background },
    textColor: colors.text,
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    fontSize: 11,
    attributionLogo: false,
  }
  return {
    layout,
    grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
    rightPriceScale: { borderColor: colors.grid },
    timeScale: { borderColor: colors.grid },
  }
}

/**
 * The options of a chart over time (candles, open interest): the base
 * options, sized to its container, times to the minute on the axis, and
 * price labels from `priceFormatter`.
 */
export function timeChartOptions(colors: ChartPalette, priceFormatter: (value: number) => string) {
  const base = baseOptions(colors)
  return {
    ...base,
    autoSize: true,
    timeScale: { ...base.timeScale, timeVisible: true, secondsVisible: false },
    localization: { priceFormatter },
  }
}
