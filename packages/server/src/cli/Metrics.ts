import { Command, Options } from "@effect/cli"
import type { MetricsResponse } from "@tidemark/adapter-http"
import { Rfc3339, TimeBuckets } from "@tidemark/core"
import { Console, Effect, Option } from "effect"
import { TidemarkClient, connectionOptions, withClient } from "./Client.js"
import { organizationArg, organizationLabel, organizationPath } from "./Coordinates.js"
import { decodeOption } from "./SchemaInput.js"
import { renderTable } from "./Table.js"

/** The metrics as the API answers them (`GET .../metrics`). */
type MetricsData = typeof MetricsResponse.Type.data

const units: ReadonlyArray<readonly [string, number]> = [["d", 86_400], ["h", 3_600], ["m", 60], ["s", 1]]

/** A duration as its two largest units, e.g. `2d 3h`, `1h 5m`, `45s`. */
export const formatDuration = (seconds: number): string => {
  const parts: Array<string> = []
  let rest = Math.round(seconds)
  for (const [unit, size] of units) {
    if (rest >= size || (unit === "s" && parts.length === 0)) {
      parts.push(`${Math.floor(rest / size)}${unit}`)
      rest %= size
    }
  }
  return parts.slice(0, 2).join(" ")
}

const orDash = (value: number | null, format: (value: number) => string) => value === null ? "–" : format(value)
const perDay = (value: number) => `${value.toFixed(2)}/day`
const percent = (value: number) => `${(value * 100).toFixed(1)} %`

const summary = (m: MetricsData) =>
  renderTable(["metric", "value", "level"], [
    ["deployment frequency", orDash(m.deploymentFrequency.value, perDay), m.deploymentFrequency.level],
    [
      "lead time for changes",
      orDash(m.leadTimeForChanges.value, (median) => `${formatDuration(median)} (p90 ${orDash(m.leadTimeForChanges.p90, formatDuration)})`),
      m.leadTimeForChanges.level
    ],
    ["time to recover", orDash(m.timeToRecover.value, formatDuration), m.timeToRecover.level],
    ["change failure rate", orDash(m.changeFailureRate.value, percent), m.changeFailureRate.level]
  ])

/** One row per bucket; the four series share their buckets. */
const series = (m: MetricsData, bucket: TimeBuckets.MetricsBucket) =>
  renderTable(
    [`${bucket} starting`, "deployments", "lead time", "time to recover", "failure rate"],
    m.deploymentFrequency.series.map((point, i) => [
      point.start.slice(0, 10),
      orDash(point.value, perDay),
      orDash(m.leadTimeForChanges.series[i]?.value ?? null, formatDuration),
      orDash(m.timeToRecover.series[i]?.value ?? null, formatDuration),
      orDash(m.changeFailureRate.series[i]?.value ?? null, percent)
    ])
  )

const heading = (m: MetricsData, at: string) =>
  [
    `Delivery metrics of ${at}`,
    m.system === undefined ? "" : `, system ${m.system}`,
    m.team === undefined ? "" : `, team ${m.team}`,
    ` from ${m.from} to ${m.to}`
  ].join("")

const optionalText = (name: string, description: string) =>
  Options.text(name).pipe(Options.withDescription(description), Options.optional)

const time = (name: string, description: string) =>
  Options.text(name).pipe(
    Options.withPseudoName("RFC3339"),
    Options.mapEffect(decodeOption(`--${name}`, Rfc3339.Rfc3339)),
    Options.withDescription(description),
    Options.optional
  )

export const metrics = Command.make(
  "metrics",
  {
    organization: organizationArg,
    system: optionalText("system", "only this system's events (events pushed without one are in `_unknown_`)"),
    team: optionalText("team", "only deployments of this team, and the changes and incidents they own"),
    from: time("from", "start of the window (default: 90 days before --to)"),
    to: time("to", "end of the window, exclusive (default: now)"),
    bucket: Options.choice("bucket", TimeBuckets.MetricsBucket.literals).pipe(
      Options.withDefault("week" as const),
      Options.withDescription("series bucket: UTC day, ISO week or UTC month")
    ),
    json: Options.boolean("json").pipe(Options.withDescription("print the API's JSON answer")),
    ...connectionOptions
  },
  ({ bucket, from, json, organization, system, team, to }) =>
    Effect.gen(function*() {
      const client = yield* TidemarkClient
      const answer = yield* client.call(client.api.admin.getOrganizationMetrics({
        path: organizationPath(organization),
        urlParams: {
          bucket,
          ...Option.match(system, { onNone: () => ({}), onSome: (system) => ({ system }) }),
          ...Option.match(team, { onNone: () => ({}), onSome: (team) => ({ team }) }),
          ...Option.match(from, { onNone: () => ({}), onSome: (from) => ({ from }) }),
          ...Option.match(to, { onNone: () => ({}), onSome: (to) => ({ to }) })
        }
      }))
      if (json) return yield* Console.log(JSON.stringify(answer, null, 2))
      const m = answer.data
      yield* Console.log(`${heading(m, organizationLabel(organization))}\n\n${summary(m)}\n\n${series(m, bucket)}`)
    })
).pipe(
  Command.withDescription("Prints the four key delivery metrics of an organization (needs a token that may read it)."),
  withClient
)
