/** One value per commit, oldest first, as a line: an inline SVG (a handful of points needs no chart library). */

export interface HistoryPoint {
  /** What names the point under the axis: the commit's short sha. */
  readonly label: string
  /** Undefined where the commit has no value (a failed analysis): the line skips it. */
  readonly value: number | undefined
}

export interface HistoryChartProps {
  readonly title: string
  readonly points: ReadonlyArray<HistoryPoint>
  /** The top of the scale; the largest value (at least 1) when not given. */
  readonly max?: number | undefined
  readonly format: (value: number) => string
}

const width = 460
const height = 170
const left = 44
const right = 32
const top = 12
const bottom = 34

/** Where each point stands: evenly apart from left to right, its value from bottom to top. */
export const chartPositions = (points: ReadonlyArray<HistoryPoint>, max: number) => {
  const step = points.length > 1 ? (width - left - right) / (points.length - 1) : 0
  const x0 = points.length > 1 ? left : (width + left - right) / 2
  return points.map((point, index) => ({
    ...point,
    x: Math.round((x0 + index * step) * 10) / 10,
    y: point.value === undefined ? undefined : Math.round((top + (1 - point.value / max) * (height - top - bottom)) * 10) / 10
  }))
}

export const HistoryChart = ({ title, points, max, format }: HistoryChartProps) => {
  const values = points.flatMap((p) => (p.value === undefined ? [] : [p.value]))
  const scaleTop = max ?? Math.max(1, ...values)
  const placed = chartPositions(points, scaleTop)
  const drawn = placed.flatMap((p) => (p.y === undefined ? [] : [`${p.x},${p.y}`]))
  // Every label fits under a dozen points; past that, the first and the last.
  const labelled = (index: number) => placed.length <= 12 || index === 0 || index === placed.length - 1
  return (
    <figure class="chart history-chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${title} over ${points.length} commits, oldest first; the values are in the table below`}>
        <line class="axis" x1={left} y1={height - bottom} x2={width - right} y2={height - bottom} />
        <line class="axis" x1={left} y1={top} x2={left} y2={height - bottom} />
        <text class="tick" x={left - 6} y={top + 4} text-anchor="end">{format(scaleTop)}</text>
        <text class="tick" x={left - 6} y={height - bottom} text-anchor="end">{format(0)}</text>
        {drawn.length > 1 ? <polyline class="series" points={drawn.join(" ")} /> : null}
        {placed.map((p, index) => (
          <g key={`${p.label}-${index}`}>
            {p.y === undefined ? null : (
              <circle class="point" cx={p.x} cy={p.y} r={4}>
                <title>{`${p.label}: ${p.value === undefined ? "" : format(p.value)}`}</title>
              </circle>
            )}
            {labelled(index) ? <text class="tick" x={p.x} y={height - bottom + 16} text-anchor="middle">{p.label}</text> : null}
          </g>
        ))}
      </svg>
    </figure>
  )
}
