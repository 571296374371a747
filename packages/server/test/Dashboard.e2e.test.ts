/**
 * Issue 7's acceptance: the real dashboard (packages/dashboard/dist, served by `tidemark serve` at
 * `/`) driven in Debian's headless Chromium through playwright-core, against a built server seeded
 * through the public APIs only. The numbers on screen must equal the API's, formatted with the
 * dashboard's own `Format.ts`; the screenshots land in docs/screenshots/ for the README.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { mkdirSync } from "node:fs"
import { fileURLToPath } from "node:url"
import type { Page } from "playwright-core"
import {
  formatCount,
  formatDay,
  formatDuration,
  formatFraction,
  formatFrequency,
  formatPerDay,
  formatPercent,
  formatText
} from "../../dashboard/src/Format.js"
import * as Chromium from "./Browser.js"
import type { BrowserGlobals, DomElement } from "./Browser.js"
import { adminSecret, getJson, git, gitRepository, postOk as post } from "./CliFixture.js"
import * as DashboardServer from "./DashboardServer.js"

const adminToken = "tma_dashboard-e2e-admin"
const organization = "gh/acme"
const screenshots = fileURLToPath(new URL("../../../docs/screenshots/", import.meta.url))

// ---- The API's answers, as far as the pages show them ------------------------------------------

interface RepositoryJson {
  readonly repository: { readonly name: string }
  readonly gradeLetter?: string
  readonly issuesCount?: number
  readonly complexFilesPercentage?: number
  readonly duplicationPercentage?: number
  readonly coverage?: { readonly coveragePercentage?: number }
}
interface ToolJson {
  readonly name: string
  readonly settings: { readonly isEnabled: boolean }
}
interface MetricJson {
  readonly value: number | null
  readonly level: string
  readonly series: ReadonlyArray<{ readonly start: string; readonly value: number | null }>
}
interface MetricsJson {
  readonly deploymentFrequency: MetricJson
  readonly leadTimeForChanges: MetricJson
  readonly timeToRecover: MetricJson
  readonly changeFailureRate: MetricJson
}

/** The delivery page's cards and charts, in its order, with the page's formats. */
const keys = [
  { title: "Deployment frequency", of: (m: MetricsJson) => m.deploymentFrequency, format: formatFrequency, chart: formatPerDay },
  { title: "Lead time for changes", of: (m: MetricsJson) => m.leadTimeForChanges, format: formatDuration, chart: formatDuration },
  { title: "Time to recover", of: (m: MetricsJson) => m.timeToRecover, format: formatDuration, chart: formatDuration },
  { title: "Change failure rate", of: (m: MetricsJson) => m.changeFailureRate, format: formatFraction, chart: formatFraction }
] as const

// ---- Seeding through the public APIs -----------------------------------------------------------

const data = <A>(reply: { readonly status: number; readonly body: unknown }): A => {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return (reply.body as { readonly data: A }).data
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
const range = { from: "2024-04-29", to: "2024-05-12", bucket: "week" } as const
const metricsPath = `/api/v3/organizations/${organization}/metrics?${new URLSearchParams({
  from: "2024-04-29T00:00:00.000Z",
  to: "2024-05-13T00:00:00.000Z",
  bucket: range.bucket
})}`

/** Two repositories of gh/acme (widgets with coverage), analysed, and the delivery events, stored. */
const seed: DashboardServer.Seed = (server, directory) =>
  Effect.gen(function*() {
    for (const name of ["widgets", "gadgets"]) {
      const repository = yield* gitRepository(directory, name)
      yield* post(server, "/api/v3/repositories", { provider: "gh", repositoryFullPath: `acme/${name}`, gitUrl: repository }, adminToken)
      if (name === "widgets") {
        // One of the two lines the report names ran: widgets shows coverage 50 %.
        const commitSha = (yield* git(repository, ["rev-parse", "HEAD"])).trim()
        const report = "SF:src/index.ts\nDA:1,1\nDA:2,0\nend_of_record\n"
        yield* post(server, `/api/v3/analysis/organizations/${organization}/repositories/widgets/coverage`, {
          commitSha,
          format: "lcov",
          report
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

// ---- Reading the pages -------------------------------------------------------------------------

const cells = (page: Page, rows: string) =>
  page.locator(rows).evaluateAll((trs) =>
    (trs as ReadonlyArray<unknown> as ReadonlyArray<DomElement>).map((tr) =>
      Array.from(tr.querySelectorAll("th, td"), (cell) => (cell.textContent ?? "").trim())
    )
  )

/** The id, or else the text, of the element holding the keyboard focus. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = (globalThis as unknown as BrowserGlobals).document.activeElement
    return element === null ? "" : element.id !== "" ? `#${element.id}` : (element.textContent ?? "").trim()
  })

const screenshot = (page: Page, name: string) => page.screenshot({ path: `${screenshots}${name}.png`, fullPage: true })

describe("dashboard (headless Chromium against a seeded server)", () => {
  layer(DashboardServer.layer(adminToken, seed), { excludeTestServices: true, timeout: "60 seconds" })((it) => {
    it.scoped("logs in with the keyboard, and shows the API's repositories, tools and delivery metrics", () =>
      Effect.gen(function*() {
        const { browser, server, token } = yield* DashboardServer.DashboardServer
        mkdirSync(screenshots, { recursive: true })
        const repositories = data<ReadonlyArray<RepositoryJson>>(
          yield* getJson(server, `/api/v3/analysis/organizations/${organization}/repositories?limit=25`, token)
        )
        const tools = data<ReadonlyArray<ToolJson>>(
          yield* getJson(server, `/api/v3/analysis/organizations/${organization}/repositories/widgets/tools`, token)
        )
        const metrics = data<MetricsJson>(yield* getJson(server, metricsPath, token))
        expect(tools.length).toBeGreaterThan(0)

        const { page, errors, violations } = yield* Chromium.openPage(browser)

        // Login: a wrong token shows the API's message; the keyboard reaches the fields and the button.
        yield* Effect.promise(async () => {
          await page.goto(`${server.url}/`)
          await page.getByRole("heading", { name: "Log in to Tidemark" }).waitFor()
          await page.getByLabel("Organization").fill(organization)
          await screenshot(page, "login")
          await page.getByLabel("API token").fill(`${token}x`)
          await page.getByRole("button", { name: "Log in" }).click()
          const refused = await fetch(`${server.url}/api/v3/analysis/organizations/${organization}/repositories?limit=1`, {
            headers: { "api-token": `${token}x` }
          })
          const message = ((await refused.json()) as { message: string }).message
          await expect.poll(() => page.getByRole("alert").textContent()).toBe(message)

          // A fresh page, by the keyboard alone: the page puts the focus on its heading; Tab from
          // there reaches both fields, the "remember me" box and the button, in that order; Enter on
          // the button logs in, for this tab only (the box left unticked).
          await page.reload()
          await page.getByRole("heading", { name: "Log in to Tidemark" }).waitFor()
          await expect.poll(() => focused(page)).toBe("#login-title")
          const order: Array<string> = []
          const tab = async () => {
            await page.keyboard.press("Tab")
            order.push(await focused(page))
          }
          await tab()
          await page.keyboard.type(organization)
          await tab()
          await page.keyboard.type(token)
          await tab()
          await tab()
          expect(order).toEqual(["#organization", "#token", "#remember", "Log in"])
          await page.keyboard.press("Enter")
          await page.getByRole("heading", { name: `Repositories of ${organization}` }).waitFor()
          const stored = await Chromium.storedSession(page)
          expect(stored.tab).toContain(token)
          expect(stored.device).toBeNull()
        })

        // Overview: each row equals the list API's answer, formatted as the dashboard formats it.
        yield* Effect.promise(async () => {
          await page.locator("table.repositories tbody tr").nth(repositories.length - 1).waitFor()
          const shown = await cells(page, "table.repositories tbody tr")
          expect(shown.map((row) => row.slice(0, 6))).toEqual(repositories.map((repository) => [
            repository.repository.name,
            formatText(repository.gradeLetter),
            formatCount(repository.issuesCount),
            formatPercent(repository.complexFilesPercentage),
            formatPercent(repository.duplicationPercentage),
            formatPercent(repository.coverage?.coveragePercentage)
          ]))
          expect(shown.map((row) => row[0]).sort()).toEqual(["gadgets", "widgets"])
          await screenshot(page, "overview")
        })

        // Repository page: the tools with their enabled state equal `/tools`.
        yield* Effect.promise(async () => {
          await page.getByRole("link", { name: "widgets" }).click()
          await page.getByRole("heading", { name: "widgets", level: 1 }).waitFor()
          await page.locator("table.tools tbody tr").nth(tools.length - 1).waitFor()
          const shown = await cells(page, "table.tools tbody tr")
          expect(shown.map((row) => row.slice(0, 2))).toEqual(
            tools.map((tool) => [tool.name, tool.settings.isEnabled ? "enabled" : "disabled"])
          )
          await page.getByRole("heading", { name: "Metrics" }).waitFor()
          await screenshot(page, "repository")
        })

        // Delivery page: the four keys' values, levels and series equal the metrics API's answer.
        yield* Effect.promise(async () => {
          await page.getByRole("link", { name: "Delivery" }).click()
          await page.getByRole("heading", { name: "Delivery", level: 1 }).waitFor()
          await page.getByLabel("From", { exact: true }).fill(range.from)
          await page.getByLabel("To (included)", { exact: true }).fill(range.to)
          await page.getByLabel("Buckets", { exact: true }).selectOption(range.bucket)
          await page.getByRole("button", { name: "Apply" }).click()
          await page.getByText("From 2024-04-29 00:00 UTC to 2024-05-13 00:00 UTC (excluded).").waitFor()
          const cards = await page.locator("li.card").evaluateAll((items) =>
            items.map((item) => [
              item.querySelector("h2")?.textContent ?? "",
              item.querySelector(".value")?.textContent ?? "",
              item.querySelector(".level")?.textContent ?? ""
            ])
          )
          expect(cards).toEqual(keys.map((key) => [key.title, key.format(key.of(metrics).value), key.of(metrics).level]))
          const charts = page.locator("figure.chart")
          await expect.poll(() => charts.locator("canvas").count()).toBe(4)
          for (const [index, key] of keys.entries()) {
            const rows = await cells(page, `figure.chart:nth-of-type(${index + 1}) tbody tr`)
            expect(rows).toEqual(key.of(metrics).series.map((point) => [formatDay(point.start), key.chart(point.value)]))
          }
          await screenshot(page, "delivery")
        })
        expect(errors).toEqual([])
        expect(violations).toEqual([])
      }), 60_000)
  })
})
