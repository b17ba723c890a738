/**
 * The depth chart: cumulative bid and ask quantity by price, on a
 * price-based horizontal scale (`createOptionsChart` of lightweight-charts).
 *
 * @module
 */
import {
  AreaSeries,
  createOptionsChart,
  type DeepPartial,
  type IChartApiBase,
  type ISeriesApi,
  type PriceChartOptions,
} from 'lightweight-charts'
import { useEffect, useRef } from 'preact/hooks'
import { chartPriceLabel, tickDecimals } from '../format.ts'
import type { DepthPoint } from '../logic/book.ts'
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
  bids: ISeriesApi<'Area', number>
  asks: ISeriesApi<'Area', number>
}

function sideColors(color: string) {
  return { lineColor: color, topColor: `${color}66`, bottomColor: `${color}0d` }
}

/** The depth chart (`data-testid="depth-chart"`). */
export function DepthChart(props: DepthChartProps) {
  const latest = useRef(props)
  latest.current = props
  const { container, handles } = useChart<Handles>(
    (element, colors) => {
      const chart = createOptionsChart(element, {
        ...baseOptions(colors),
        autoSize: true,
        handleScroll: false,
        handleScale: false,
        localization: {
          precision: tickDecimals(latest.current.tick),
          // Vertical: quantities; horizontal crosshair label: the price, to the tick.
          priceFormatter: (value: number) => latest.current.formatQty(String(Math.round(value))),
          timeFormatter: (price: number) => chartPriceLabel(price, latest.current.formatPrice),
        },
      })
      const area = { lineWidth: 2 as const, priceLineVisible: false, lastValueVisible: false }
      const bids = chart.addSeries(AreaSeries, { ...area, ...sideColors(colors.up) })
      const asks = chart.addSeries(AreaSeries, { ...area, ...sideColors(colors.down) })
      return { chart, bids, asks }
    },
    (h, colors) => {
      h.bids.applyOptions(sideColors(colors.up))
      h.asks.applyOptions(sideColors(colors.down))
    },
  )

  useEffect(() => {
    const h = handles.current
    if (h === null) return
    const localization: DeepPartial<PriceChartOptions> = {
      localization: { precision: tickDecimals(props.tick) },
    }
    h.chart.applyOptions(localization)
    h.bids.setData(props.bids.map((p) => ({ time: p.price, value: p.total })))
    h.asks.setData(props.asks.map((p) => ({ time: p.price, value: p.total })))
    h.chart.timeScale().fitContent()
  }, [props.bids, props.asks, props.tick])

  return <div class="chart chart-depth" data-testid="depth-chart" ref={container} />
}
