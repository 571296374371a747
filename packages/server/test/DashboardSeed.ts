/**
 * What the dashboard's end-to-end suite (Dashboard.e2e.test.ts) runs against, seeded through the
 * public APIs only: gh/acme with two analysed repositories (widgets with issues of several
 * severities, a clone and a coverage report) and a week and a half of delivery events.
 */
import { Effect, Schedule } from "effect"
import { expect } from "vitest"
import { adminSecret, getJson, git, gitRepository, postOk as post } from "./CliFixture.js"
import type * as DashboardServer from "./DashboardServer.js"

export const adminToken = "tma_dashboard-e2e-admin"
export const organization = "gh/acme"

/** The body of a 200 answer: `{data}`. */
export const data = <A>(reply: { readonly status: number; readonly body: unknown }): A => {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return (reply.body as { readonly data: A }).data
}

export interface RepositoryJson {
  readonly repository: { readonly name: string }
  readonly gradeLetter?: string
  readonly issuesCount?: number
  readonly complexFilesPercentage?: number
  readonly duplicationPercentage?: number
  readonly coverage?: { readonly coveragePercentage?: number }
}
export interface MetricJson {
  readonly value: number | null
  readonly level: string
  readonly series: ReadonlyArray<{ readonly start: string; readonly value: number | null }>
}
export interface MetricsJson {
  readonly deploymentFrequency: MetricJson
  readonly leadTimeForChanges: MetricJson
  readonly timeToRecover: MetricJson
  readonly changeFailureRate: MetricJson
}

/**
 * Ten delivery events of system `web` over a week and a half of May 2024: four deployments, five
 * changes, one incident resolved after 2 h 30 m.
 */
const events = [
  { $type: "change", change_id: "c1", time_created: "2024-05-01T08:00:00Z" },
  { $type: "deployment", deploy_id: "d1", time_created: "2024-05-01T12:00:00Z", changes: ["c1"], teams: ["front"] },
  { $type: "change", change_id: "c2", time_created: "2024-05-02T09:00:00Z" },
  { $type: "change", change_id: "c3", time_created: "2024-05-02T10:00:00Z" },
  { $type: "deployment", deploy_id: "d2", time_created: "2024-05-03T06:00:00Z", changes: ["c2", "c3"], teams: ["front"] },
  { $type: "incident", incident_id: "i1", time_created: "2024-05-03T07:00:00Z", time_resolved: "2024-05-03T09:30:00Z" },
  { $type: "change", change_id: "c4", time_created: "2024-05-06T10:00:00Z" },
  { $type: "deployment", deploy_id: "d3", time_created: "2024-05-07T15:00:00Z", changes: ["c4"], teams: ["front"] },
  { $type: "change", change_id: "c5", time_created: "2024-05-08T01:00:00Z" },
  { $type: "deployment", deploy_id: "d4", time_created: "2024-05-08T05:00:00Z", changes: ["c5"], teams: ["front"] }
]

/** The delivery form's range (its end day included) and the same query as the API reads it. */
export const range = { from: "2024-04-29", to: "2024-05-12", bucket: "week" } as const
export const metricsPath = `/api/v3/organizations/${organization}/metrics?${new URLSearchParams({
  from: "2024-04-29T00:00:00.000Z",
  to: "2024-05-13T00:00:00.000Z",
  bucket: range.bucket
})}`

/** A function jscpd finds duplicated when two files hold it. */
export const block = [
  "export function totals(orders, currency) {",
  "  const sums = new Map()",
  "  for (const order of orders) {",
  "    if (order.currency === currency && order.state !== \"cancelled\") {",
  "      const key = order.customer.trim().toLowerCase()",
  "      sums.set(key, (sums.get(key) ?? 0) + order.amount * order.quantity)",
  "    }",
  "  }",
  "  return [...sums.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))",
  "}"
]

/**
 * widgets: more issues than one page of the issues page holds (legacy.js: an undefined and an
 * unused name a line), of more than one severity, in JavaScript and TypeScript; index.ts with a
 * clone of copy.ts, issues and a coverage report.
 */
const widgets: Readonly<Record<string, string>> = {
  "README.md": "# Widgets\n",
  "src/index.ts": ["export const answer = 42", "const unused = answer", ...block, "if (answer > 41) {", "}", ""].join("\n"),
  "src/copy.ts": ["// the same again", ...block, ""].join("\n"),
  "src/util.js": ["export function check(value) {", "  if (value) {", "  }", "  debugger", "  return missing", "}", ""].join("\n"),
  "src/legacy.js": Array.from({ length: 13 }, (_, i) => `var old${i} = global${i}`).join("\n") + "\n"
}

/** The lines of index.ts the tests ran: its two first lines (one of them run) and the clone's body, partly. */
const coverageReport = "SF:src/index.ts\nDA:1,1\nDA:2,0\nDA:4,3\nDA:5,3\nDA:6,0\nend_of_record\n"

/** Two repositories of gh/acme (widgets with coverage), analysed, and the delivery events, stored. */
export const seed: DashboardServer.Seed = (server, directory) =>
  Effect.gen(function*() {
    for (const name of ["widgets", "gadgets"]) {
      const repository = yield* gitRepository(directory, name, ...(name === "widgets" ? [widgets] : []))
      yield* post(server, "/api/v3/repositories", { provider: "gh", repositoryFullPath: `acme/${name}`, gitUrl: repository }, adminToken)
      if (name === "widgets") {
        const commitSha = (yield* git(repository, ["rev-parse", "HEAD"])).trim()
        yield* post(server, `/api/v3/analysis/organizations/${organization}/repositories/widgets/coverage`, {
          commitSha,
          format: "lcov",
          report: coverageReport
        }, adminToken)
      }
    }
    const token = yield* adminSecret(server, adminToken, `/api/v3/admin/organizations/${organization}/tokens`, { permission: "read" })
    const key = yield* adminSecret(server, adminToken, `/api/v3/admin/organizations/${organization}/ingestion-keys`, {})
    for (const event of events) {
      yield* post(server, `/v1/ingestion/cli?${new URLSearchParams({ api_key: key, system: "web" })}`, event)
    }
    // The worker stores the events in the background: read until all four deployments and the
    // incident count (14 days in the range), then once more to be sure the answer is settled.
    const settled = (metrics: MetricsJson) =>
      Math.round((metrics.deploymentFrequency.value ?? 0) * 14) === 4 &&
      metrics.timeToRecover.value === 9_000 &&
      metrics.leadTimeForChanges.value !== null
    const first = yield* getJson(server, metricsPath, token).pipe(
      Effect.map((reply) => data<MetricsJson>(reply)),
      Effect.filterOrFail(settled),
      Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("20 seconds")))
    )
    yield* Effect.sleep("300 millis")
    expect(data<MetricsJson>(yield* getJson(server, metricsPath, token))).toEqual(first)
    // Adding a repository queued its analysis: the pages must show the analysed numbers, not race them.
    yield* getJson(server, `/api/v3/analysis/organizations/${organization}/repositories?limit=25`, token).pipe(
      Effect.map((reply) => data<ReadonlyArray<RepositoryJson>>(reply)),
      Effect.filterOrFail((listed) => listed.length === 2 && listed.every((r) => r.gradeLetter !== undefined)),
      Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("60 seconds")))
    )
    // A read-only token: what a person logs in with.
    return token
  })
