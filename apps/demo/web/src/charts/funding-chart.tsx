/**
 * Settled funding rates as bars, in percent, positive up and negative down.
 *
 * @module
 */
import type { FundingRateRecord } from '@perpkit/schemas'
import {
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts'
import { useEffect } from 'preact/hooks'
import { formatPercent } from '../../../src/format.ts'
import { baseOptions, palette, prefersDark } from './theme.ts'
import { useChart } from './use-chart.ts'

interface Handles {
  chart: IChartApi
  bars: ISeriesApi<'Histogram'>
}

/** The funding history chart (`data-testid="funding-history"`). */
export function FundingChart(props: {
  history: readonly FundingRateRecord[]
  /** The container's `data-testid`. @default 'funding-history' */
  testid?: string
  /** Extra classes of the container (a taller chart). */
  class?: string
}) {
  const { container, handles } = useChart<Handles>((element, colors) => {
    const chart = createChart(element, {
      ...baseOptions(colors),
      autoSize: true,
      handleScroll: false,
      handleScale: false,
      // Rates are fractions; the axis shows them as percentages (4 decimals).
      localization: { priceFormatter: (value: number) => formatPercent(String(value), 4) },
    })
    const bars = chart.addSeries(HistogramSeries, {
      priceLineVisible: false,
      lastValueVisible: false,
      // Rates move in millionths: the scale needs that precision to place its labels.
      priceFormat: { type: 'price', precision: 6, minMove: 0.000001 },
    })
    return { chart, bars }
  })

  useEffect(() => {
    const h = handles.current
    if (h === null) return
    const colors = palette(prefersDark.peek())
    h.bars.setData(
      [...props.history]
        .sort((a, b) => a.fundingTime - b.fundingTime)
        .map((record) => ({
          time: Math.floor(record.fundingTime / 1000) as UTCTimestamp,
          value: Number(record.fundingRate),
          color: record.fundingRate.startsWith('-') ? colors.down : colors.up,
        })),
    )
    h.chart.timeScale().fitContent()
  }, [props.history])

  return (
    <div
      class={`chart chart-funding ${props.class ?? ''}`}
      data-testid={props.testid ?? 'funding-history'}
      ref={container}
    />
  )
}
