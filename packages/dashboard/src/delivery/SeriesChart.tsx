import { useEffect, useRef } from "preact/hooks"
import uPlot from "uplot"
import "uplot/dist/uPlot.min.css"
import { formatDay } from "../shared/Format.js"
import type { MetricPoint } from "./DeliveryApi.js"

export interface SeriesChartProps {
  readonly title: string
  readonly series: ReadonlyArray<MetricPoint>
  /** How a value reads on the axis and in the table below the chart. */
  readonly format: (value: number | null) => string
}

const width = 460
const height = 180

/**
 * One series as a uPlot line chart (points at bucket starts, gaps where a bucket has no value), and
 * the same numbers as a table for screen readers and keyboard users (the canvas is only a picture).
 */
export const SeriesChart = ({ title, series, format }: SeriesChartProps) => {
  const target = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = target.current
    if (element === null) return
    const xs = series.map((point) => Date.parse(point.start) / 1000)
    const ys = series.map((point) => point.value)
    const plot = new uPlot(
      {
        width,
        height,
        legend: { show: false },
        scales: { x: { time: true } },
        axes: [
          { stroke: "#1f2933" },
          { stroke: "#1f2933", size: 80, values: (_u, splits) => splits.map((value) => format(value)) }
        ],
        series: [{}, { label: title, stroke: "#1d4ed8", width: 2, fill: "rgba(29, 78, 216, 0.08)", points: { show: true } }]
      },
      [xs, ys],
      element
    )
    return () => plot.destroy()
  }, [series, title, format])
  return (
    <figure class="chart">
      <figcaption>{title}</figcaption>
      <div ref={target} role="img" aria-label={`${title}, ${series.length} buckets; the values are in the table below`} />
      <details>
        <summary>{title}: values</summary>
        <table>
          <thead>
            <tr><th scope="col">bucket start</th><th scope="col">value</th></tr>
          </thead>
          <tbody>
            {series.map((point) => (
              <tr key={point.start}><td>{formatDay(point.start)}</td><td>{format(point.value)}</td></tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
