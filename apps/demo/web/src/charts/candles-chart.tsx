/**
 * Candles with volume for the market price, the mark price as a line, and
 * the liquidation price of the calculator's position as a price line.
 *
 * @module
 */
import type { Kline } from '@perpkit/schemas'
import {
  CandlestickSeries,
  createChart,
  HistogramSeries,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  LineSeries,
  type UTCTimestamp,
} from 'lightweight-charts'
import { useEffect, useRef } from 'preact/hooks'
import { chartPriceLabel, tickDecimals } from '../format.ts'
import { type ChartPalette, palette, prefersDark, timeChartOptions } from './theme.ts'
import { useChart } from './use-chart.ts'

/** Props of {@link CandlesChart}. */
export interface CandlesChartProps {
  candles: readonly Kline[]
  markCandles: readonly Kline[]
  /** `symbol|step`: a new key refits the time scale. */
  seriesKey: string
  /** The liquidation price to draw, or `null`. */
  liquidationPrice: string | null
  tick: string
  formatPrice: (value: string) => string
  /** The container's `data-testid`. @default 'candles-chart' */
  testid?: string
}

interface Handles {
  chart: IChartApi
  candles: ISeriesApi<'Candlestick'>
  volume: ISeriesApi<'Histogram'>
  mark: ISeriesApi<'Line'>
  liquidation: IPriceLine | null
  key: string
}

const time = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp

/** The series' price format: the contract's tick as the smallest move. */
function priceFormat(tick: string) {
  return { type: 'price' as const, minMove: Number(tick), precision: tickDecimals(tick) }
}

function candleColors(colors: ChartPalette) {
  return {
    upColor: colors.up,
    downColor: colors.down,
    wickUpColor: colors.up,
    wickDownColor: colors.down,
  }
}

/** The candle chart (`data-testid="candles-chart"`). */
export function CandlesChart(props: CandlesChartProps) {
  const latest = useRef(props)
  latest.current = props
  const { container, handles } = useChart<Handles>(
    (element, colors) => {
      const chart = createChart(
        element,
        timeChartOptions(colors, (value) => chartPriceLabel(value, latest.current.formatPrice)),
      )
      const candles = chart.addSeries(CandlestickSeries, {
        ...candleColors(colors),
        borderVisible: false,
      })
      const volume = chart.addSeries(HistogramSeries, {
        priceScaleId: 'volume',
        priceFormat: { type: 'volume' },
        lastValueVisible: false,
        priceLineVisible: false,
      })
      chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } })
      const mark = chart.addSeries(LineSeries, {
        color: colors.mark,
        lineWidth: 1,
        title: 'mark',
        crosshairMarkerVisible: false,
      })
      return { chart, candles, volume, mark, liquidation: null, key: '' }
    },
    (h, colors) => {
      h.candles.applyOptions(candleColors(colors))
      h.mark.applyOptions({ color: colors.mark })
    },
  )

  useEffect(() => {
    const h = handles.current
    if (h === null) return
    const colors = palette(prefersDark.peek())
    const format = priceFormat(props.tick)
    h.candles.applyOptions({ priceFormat: format })
    h.mark.applyOptions({ priceFormat: format })
    h.candles.setData(
      props.candles.map((k) => ({
        time: time(k.timestamp),
        open: Number(k.openPrice),
        high: Number(k.highPrice),
        low: Number(k.lowPrice),
        close: Number(k.closePrice),
      })),
    )
    h.volume.setData(
      props.candles.map((k) => ({
        time: time(k.timestamp),
        value: Number(k.volume),
        color: Number(k.closePrice) >= Number(k.openPrice) ? colors.volumeUp : colors.volumeDown,
      })),
    )
    h.mark.setData(
      props.markCandles.map((k) => ({ time: time(k.timestamp), value: Number(k.closePrice) })),
    )
    if (h.key !== props.seriesKey && props.candles.length > 0) {
      h.key = props.seriesKey
      h.chart.timeScale().fitContent()
    }
  }, [props.candles, props.markCandles, props.seriesKey, props.tick])

  useEffect(() => {
    const h = handles.current
    if (h === null) return
    if (h.liquidation !== null) h.candles.removePriceLine(h.liquidation)
    h.liquidation =
      props.liquidationPrice === null
        ? null
        : h.candles.createPriceLine({
            price: Number(props.liquidationPrice),
            color: palette(prefersDark.peek()).liquidation,
            lineWidth: 2,
            lineStyle: 2,
            axisLabelVisible: true,
            title: 'liq.',
          })
  }, [props.liquidationPrice])

  return (
    <div
      class="chart chart-candles"
      data-testid={props.testid ?? 'candles-chart'}
      ref={container}
    />
  )
}
