import { useMemo, useState } from "preact/hooks"
import type { ApiClient } from "../ApiClient.js"
import { formatDuration, formatFraction, formatFrequency, formatInstant, formatPerDay } from "../shared/Format.js"
import { useLoad } from "../shared/Load.js"
import { Loaded } from "../shared/Status.js"
import type { DeliveryMetric, DeliveryMetrics } from "./DeliveryApi.js"
import { defaultFilters, type DeliveryFilters, filtersProblem, metricsQuery } from "./DeliveryFilters.js"
import { SeriesChart } from "./SeriesChart.js"

interface Key {
  readonly title: string
  readonly metric: (metrics: DeliveryMetrics) => DeliveryMetric
  readonly format: (value: number | null) => string
  /** For chart axes and tables, where every value must read in one unit. */
  readonly chartFormat: (value: number | null) => string
}

const keys: ReadonlyArray<Key> = [
  { title: "Deployment frequency", metric: (m) => m.deploymentFrequency, format: formatFrequency, chartFormat: formatPerDay },
  { title: "Lead time for changes", metric: (m) => m.leadTimeForChanges, format: formatDuration, chartFormat: formatDuration },
  { title: "Time to recover", metric: (m) => m.timeToRecover, format: formatDuration, chartFormat: formatDuration },
  { title: "Change failure rate", metric: (m) => m.changeFailureRate, format: formatFraction, chartFormat: formatFraction }
]

const Filters = ({ systems, initial, onApply }: {
  readonly systems: ReadonlyArray<string>
  readonly initial: DeliveryFilters
  readonly onApply: (filters: DeliveryFilters) => void
}) => {
  const [filters, setFilters] = useState(initial)
  const problem = filtersProblem(filters)
  const set = (change: Partial<DeliveryFilters>) => setFilters({ ...filters, ...change })
  return (
    <form
      class="filters"
      onSubmit={(event) => {
        event.preventDefault()
        if (problem === undefined) onApply(filters)
      }}
    >
      <div>
        <label for="system">System</label>
        <select id="system" value={filters.system} onChange={(e) => set({ system: e.currentTarget.value })}>
          <option value="">All systems</option>
          {systems.map((system) => <option key={system} value={system}>{system}</option>)}
        </select>
      </div>
      <div>
        <label for="team">Team</label>
        <input id="team" value={filters.team} onInput={(e) => set({ team: e.currentTarget.value })} placeholder="any team" />
      </div>
      <div>
        <label for="from">From</label>
        <input id="from" type="date" value={filters.from} onInput={(e) => set({ from: e.currentTarget.value })} />
      </div>
      <div>
        <label for="to">To (included)</label>
        <input id="to" type="date" value={filters.to} onInput={(e) => set({ to: e.currentTarget.value })} />
      </div>
      <div>
        <label for="bucket">Buckets</label>
        <select
          id="bucket"
          value={filters.bucket}
          onChange={(e) => {
            const bucket = e.currentTarget.value
            if (bucket === "day" || bucket === "week" || bucket === "month") set({ bucket })
          }}
        >
          <option value="day">days</option>
          <option value="week">weeks</option>
          <option value="month">months</option>
        </select>
      </div>
      <button type="submit" disabled={problem !== undefined}>Apply</button>
      {problem === undefined ? null : <p class="error" role="alert">{problem}</p>}
    </form>
  )
}

const Cards = ({ metrics }: { readonly metrics: DeliveryMetrics }) => (
  <ul class="cards">
    {keys.map((key) => {
      const metric = key.metric(metrics)
      return (
        <li key={key.title} class="card">
          <h2>{key.title}</h2>
          <p class="value">{key.format(metric.value)}</p>
          <p>Level: <span class={`level level-${metric.level.toLowerCase()}`}>{metric.level}</span></p>
          {key.title === "Lead time for changes" ? <p>90th percentile: {formatDuration(metrics.leadTimeForChanges.p90)}</p> : null}
        </li>
      )
    })}
  </ul>
)

/** The four key delivery metrics of the organization, with their levels and a chart of each series. */
export const DeliveryPage = ({ api }: { readonly api: ApiClient }) => {
  const initial = useMemo(() => defaultFilters(new Date()), [])
  const [applied, setApplied] = useState(initial)
  const systems = useLoad((signal) => api.listSystems(signal), [api])
  const metrics = useLoad((signal) => api.getMetrics(metricsQuery(applied), signal), [api, applied])
  return (
    <section aria-labelledby="delivery-title">
      <h1 id="delivery-title">Delivery</h1>
      <Filters systems={systems.state === "loaded" ? systems.value : []} initial={initial} onApply={setApplied} />
      {systems.state === "failed" ? <Loaded load={systems}>{() => null}</Loaded> : null}
      <Loaded load={metrics}>
        {(value) => (
          <>
            <p>
              From {formatInstant(value.from)} to {formatInstant(value.to)} (excluded)
              {value.system === undefined ? "" : `, system ${value.system}`}
              {value.team === undefined ? "" : `, team ${value.team}`}.
            </p>
            <Cards metrics={value} />
            <div class="charts">
              {keys.map((key) => (
                <SeriesChart key={key.title} title={key.title} series={key.metric(value).series} format={key.chartFormat} />
              ))}
            </div>
          </>
        )}
      </Loaded>
    </section>
  )
}
