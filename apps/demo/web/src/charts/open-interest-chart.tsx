/**
 * Open interest over time, in contracts, as an area.
 *
 * @module
 */
import type { OpenInterest } from '@perpkit/schemas'
import {
  AreaSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts'
import { useEffect } from 'preact/hooks'
import { formatDecimal } from '../../../src/format.ts'
import { type ChartPalette, timeChartOptions } from './theme.ts'
import { useChart } from './use-chart.ts'

interface Handles {
  chart: IChartApi
  area: ISeriesApi<'Area'>
}

function areaColors(colors: ChartPalette) {
  return { lineColor: colors.mark, topColor: `${colors.mark}66`, bottomColor: `${colors.mark}08` }
}

/** The open-interest chart. */
export function OpenInterestChart(props: { points: readonly OpenInterest[]; testid: string }) {
  const { container, handles } = useChart<Handles>(
    (element, colors) => {
      const chart = createChart(
        element,
        // Contracts, grouped and whole: the label goes back through the exact formatter.
        timeChartOptions(colors, (value) =>
          Number.isFinite(value) ? formatDecimal(String(value), { decimals: 0 }) : '',
        ),
      )
      const area = chart.addSeries(AreaSeries, { ...areaColors(colors), lineWidth: 2 })
      return { chart, area }
    },
    (h, colors) => h.area.applyOptions(areaColors(colors)),
  )

  useEffect(() => {
    const h = handles.current
    if (h === null) return
    h.area.setData(
      props.points.map((p) => ({
        time: Math.floor(p.timestamp / 1000) as UTCTimestamp,
        value: Number(p.openInterest),
      })),
    )
    h.chart.timeScale().fitContent()
  }, [props.points])

  return <div class="chart chart-archive" data-testid={props.testid} ref={container} />
}
