/**
 * The depth chart: cumulative bid and ask quantity by price, on a
 * price-based horizontal scale (`createOptionsChart` of lightweight-charts).
 *
 * @module
 */
import {
  AreaSeries,
  type ChartOptionsImpl,
  createChartEx,
  type DeepPartial,
  type IChartApiBase,
  type ISeriesApi,
} from 'lightweight-charts'
import { useEffect, useRef } from 'preact/hooks'
import { chartPriceLabel } from '../format.ts'
import type { DepthPoint } from '../logic/book.ts'
import { PriceAxis } from './price-axis.ts'
import { baseOptions } from './theme.ts'
import { useChart } from './use-chart.ts'

/** Props of {@link DepthChart}. */
export interface DepthChartProps {
  bids: readonly DepthPoint[]
  asks: readonly DepthPoint[]
  tick: string
  formatPrice: (value: string) => string
  formatQty: (value: string) => string
}

interface Handles {
  chart: IChartApiBase<number>
  axis: PriceAxis
  /** The axis labels drawn since the data last changed (`data-axis-labels`, for tests). */
  labels: Set<string>
  bids: ISeriesApi<'Area', number>
  asks: ISeriesApi<'Area', number>
}

function sideColors(color: string) {
  return { lineColor: color, topColor: `${color}66`, bottomColor: `${color}0d` }
}

/** Room for a label of `chars` characters, and a gap of two. */
const labelRoom = (chars: number) => chars + 2

/**
 * The depth chart (`data-testid="depth-chart"`). Its price axis is labelled
 * with the contract's formatter (thousands separated), at round prices
 * first, and gives every label the room of the longest one, so labels never
 * overlap; `data-axis-labels` lists the labels drawn (`|`-separated).
 */
export function DepthChart(props: DepthChartProps) {
  const latest = useRef(props)
  latest.current = props
  const { container, handles } = useChart<Handles>(
    (element, colors) => {
      const labels = new Set<string>()
      const axis = new PriceAxis(
        (price) => chartPriceLabel(price, latest.current.formatPrice),
        (label) => {
          if (labels.has(label)) return
          labels.add(label)
          element.dataset.axisLabels = [...labels].join('|')
        },
      )
      const base = baseOptions(colors)
      const chart = createChartEx<number, PriceAxis>(element, axis, {
        ...base,
        timeScale: { ...base.timeScale, tickMarkMaxCharacterLength: labelRoom(8) },
        autoSize: true,
        handleScroll: false,
        handleScale: false,
        localization: {
          // Vertical: quantities; horizontal crosshair label: the price, to the tick.
          priceFormatter: (value: number) => latest.current.formatQty(String(Math.round(value))),
          timeFormatter: (price: number) => chartPriceLabel(price, latest.current.formatPrice),
        },
      })
      const area = { lineWidth: 2 as const, priceLineVisible: false, lastValueVisible: false }
      const bids = chart.addSeries(AreaSeries, { ...area, ...sideColors(colors.up) })
      const asks = chart.addSeries(AreaSeries, { ...area, ...sideColors(colors.down) })
      return { chart, axis, labels, bids, asks }
    },
    (h, colors) => {
      h.bids.applyOptions(sideColors(colors.up))
      h.asks.applyOptions(sideColors(colors.down))
    },
  )

  useEffect(() => {
    const h = handles.current
    if (h === null) return
    const prices = [...props.bids, ...props.asks].map((p) => p.price)
    const low = Math.min(...prices)
    const high = Math.max(...prices)
    const longest =
      prices.length === 0
        ? 8
        : Math.max(...[low, high].map((p) => chartPriceLabel(p, props.formatPrice).length))
    const options: DeepPartial<ChartOptionsImpl<number>> = {
      timeScale: { tickMarkMaxCharacterLength: labelRoom(longest) },
    }
    h.chart.applyOptions(options)
    h.axis.setTick(props.tick, prices.length === 0 ? props.tick : String(high))
    h.labels.clear()
    container.current?.removeAttribute('data-axis-labels')
    h.bids.setData(props.bids.map((p) => ({ time: p.price, value: p.total })))
    h.asks.setData(props.asks.map((p) => ({ time: p.price, value: p.total })))
    h.chart.timeScale().fitContent()
  }, [props.bids, props.asks, props.tick])

  return <div class="chart chart-depth" data-testid="depth-chart" ref={container} />
}
