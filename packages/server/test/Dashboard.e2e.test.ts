/**
 * Issue 7's acceptance: the real dashboard (packages/dashboard/dist, served by `tidemark serve` at
 * `/`) driven in Debian's headless Chromium through playwright-core, against a built server seeded
 * through the public APIs only. The numbers on screen must equal the API's, formatted with the
 * dashboard's own `Format.ts`; the screenshots land in docs/screenshots/ for the README. Issue 13's
 * pages too: a repository's issues with their filters and counts, its files, one file's lines.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import {
  formatCount,
  formatDay,
  formatDuration,
  formatFraction,
  formatFrequency,
  formatPerDay,
  formatPercent,
  formatText
} from "../../dashboard/src/shared/Format.js"
import * as Chromium from "./Browser.js"
import { getJson, postOk } from "./CliFixture.js"
import * as DashboardServer from "./DashboardServer.js"
import { cells, facetsShown, focused, issueLayout, logIn, screenshot, sourceRows, terms } from "./DashboardReading.js"
import {
  cloneTexts,
  expectLines,
  type Facet,
  facetsExpected,
  fileMeasures,
  fileRow,
  issueRow,
  issuesTotal,
  resultsApi
} from "./DashboardResults.js"
import { adminToken, data, type MetricsJson, metricsPath, organization, range, type RepositoryJson, seed } from "./DashboardSeed.js"

interface ToolJson {
  readonly uuid: string
  readonly name: string
  readonly settings: { readonly isEnabled: boolean }
}

interface CatalogueToolJson {
  readonly uuid: string
  readonly name: string
  readonly version: string
  readonly languages: ReadonlyArray<string>
}

interface InstallationJson {
  readonly toolUuid: string
  readonly installed: boolean
  readonly version?: string
}

interface OverviewJson {
  readonly counts: { readonly languages: ReadonlyArray<{ readonly name: string; readonly total: number }> }
}

/** The delivery page's cards and charts, in its order, with the page's formats. */
const keys = [
  { title: "Deployment frequency", of: (m: MetricsJson) => m.deploymentFrequency, format: formatFrequency, chart: formatPerDay },
  { title: "Lead time for changes", of: (m: MetricsJson) => m.leadTimeForChanges, format: formatDuration, chart: formatDuration },
  { title: "Time to recover", of: (m: MetricsJson) => m.timeToRecover, format: formatDuration, chart: formatDuration },
  { title: "Change failure rate", of: (m: MetricsJson) => m.changeFailureRate, format: formatFraction, chart: formatFraction }
] as const

describe("dashboard (headless Chromium against a seeded server)", () => {
  layer(DashboardServer.layer(adminToken, seed), { excludeTestServices: true, timeout: "180 seconds" })((it) => {
    it.scoped("logs in with the keyboard, and shows the API's repositories, tools and delivery metrics", () =>
      Effect.gen(function*() {
        const { browser, server, token } = yield* DashboardServer.DashboardServer
        const repositories = data<ReadonlyArray<RepositoryJson>>(
          yield* getJson(server, `/api/v3/analysis/organizations/${organization}/repositories?limit=25`, token)
        )
        const tools = data<ReadonlyArray<ToolJson>>(
          yield* getJson(server, `/api/v3/analysis/organizations/${organization}/repositories/widgets/tools`, token)
        )
        const metrics = data<MetricsJson>(yield* getJson(server, metricsPath, token))
        expect(tools.length).toBeGreaterThan(0)
        const catalogueTools = data<ReadonlyArray<CatalogueToolJson>>(yield* getJson(server, "/api/v3/tools?limit=100", token))
        const installations = data<ReadonlyArray<InstallationJson>>(yield* getJson(server, "/api/v3/installation/tools", token))
        const shellCheckUuid = catalogueTools.find((tool) => tool.name === "ShellCheck")?.uuid ?? ""
        const shellCheckPatterns = yield* getJson(server, `/api/v3/tools/${shellCheckUuid}/patterns?limit=50`, token)
        const { data: overview } = yield* postOk<{ readonly data: OverviewJson }>(
          server,
          `/api/v3/analysis/organizations/${organization}/repositories/widgets/issues/overview`,
          {},
          token
        )

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
          // Each tool's version and whether it runs here, as the installation's tools say.
          expect(shown.map((row) => row.slice(3))).toEqual(tools.map((tool) => {
            const installation = installations.find((i) => i.toolUuid === tool.uuid)
            const catalogueVersion = catalogueTools.find((t) => t.uuid === tool.uuid)?.version
            return [installation?.version ?? catalogueVersion ?? "", installation?.installed === true ? "Installed" : expect.stringMatching(/^Not installed/)]
          }))
          // Issues per language: the overview's counts, most first, each a link to its issues.
          await expect.poll(() => cells(page, "table.issues-by-language tbody tr")).toEqual(
            [...overview.counts.languages].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name))
              .map((count) => [count.name, formatCount(count.total)])
          )
          expect(overview.counts.languages.length).toBeGreaterThan(0)
          await page.getByRole("heading", { name: "Metrics" }).waitFor()
          await screenshot(page, "repository")
        })

        // Tools page: every catalogue tool with its version, languages and whether it runs here;
        // a tool's page lists its patterns with the catalogue's total.
        yield* Effect.promise(async () => {
          await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tools" }).click()
          await page.getByRole("heading", { name: "Analysis tools", level: 1 }).waitFor()
          await page.locator("table.catalogue-tools tbody tr").nth(catalogueTools.length - 1).waitFor()
          const rows = await cells(page, "table.catalogue-tools tbody tr")
          expect(rows.map((row) => [row[0], row[1], row[2]])).toEqual(catalogueTools.map((tool) => [
            tool.name,
            installations.find((i) => i.toolUuid === tool.uuid)?.version ?? tool.version,
            tool.languages.join(", ")
          ]))
          expect(rows.map((row) => row[3])).toEqual(installations.map((i) => (i.installed ? "Installed" : expect.stringMatching(/^Not installed/))))
          await screenshot(page, "tools")
          await page.getByRole("link", { name: "ShellCheck" }).click()
          await page.getByRole("heading", { name: "ShellCheck", level: 1 }).waitFor()
          const patterns = shellCheckPatterns.body as { readonly data: ReadonlyArray<{ readonly id: string }>; readonly pagination: { readonly total: number } }
          await expect.poll(() => page.locator("p.total").textContent()).toBe(`${formatCount(patterns.pagination.total)} patterns.`)
          expect((await cells(page, "table.patterns tbody tr")).map((row) => row[0])).toEqual(patterns.data.map((p) => p.id))
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

    it.scoped("shows widgets' issues with their filters and counts, its files, and a file's lines, as the API has them", () =>
      Effect.gen(function*() {
        const { browser, server, token } = yield* DashboardServer.DashboardServer
        const api = resultsApi(server.url, token, organization, "widgets")
        const { page, errors, violations } = yield* Chromium.openPage(browser)
        const repositoryNav = page.getByRole("navigation", { name: "Repository widgets" })
        const tick = (facet: Facet, label: string) =>
          page.locator(`fieldset[data-facet="${facet}"] label`).filter({ hasText: label }).locator("input").check()

        // Issues: the first page of the list, its total and every filter's counts equal the API's.
        const all = yield* Effect.promise(() => api.search({}))
        const overview = yield* Effect.promise(() => api.overview({}))
        expect(all.pagination.total).toBeGreaterThan(all.data.length)
        expect(overview.counts.levels.length).toBeGreaterThan(1)
        yield* Effect.promise(async () => {
          await logIn(page, { url: server.url, organization, token })
          await page.getByRole("link", { name: "widgets" }).click()
          await repositoryNav.getByRole("link", { name: "Issues" }).click()
          await page.getByRole("heading", { name: "Issues of widgets" }).waitFor()
          await expect.poll(() => cells(page, "table.issues tbody tr")).toEqual(all.data.map(issueRow))
          expect(await page.locator("p.total").textContent()).toBe(issuesTotal(all.pagination.total, false))
          await expect.poll(() => facetsShown(page)).toEqual(facetsExpected({}, () => overview))
          await screenshot(page, "issues")

          // Each row reads in a line or two, its line's text under the message, and the table fits
          // the page, wide or narrow (the filters then go above it).
          for (const width of [1280, 800]) {
            await page.setViewportSize({ width, height: 900 })
            const layout = await issueLayout(page, "table.issues")
            expect(layout.fits, `at ${width} px`).toBe(true)
            expect(layout.rows).toHaveLength(all.data.length)
            for (const row of layout.rows) {
              expect(row.messageLines, `at ${width} px`).toBeLessThanOrEqual(2)
              expect(row.patternLines, `at ${width} px`).toBeLessThanOrEqual(2)
              expect(row.lineText, `at ${width} px`).toEqual({ lines: 1, below: true, cut: true, monospace: true })
            }
          }
          await page.setViewportSize({ width: 1280, height: 900 })

          // The keyset pages: the next one is the API's page after the cursor, and back.
          const second = await api.search({}, all.pagination.cursor)
          await page.getByRole("link", { name: "Next page" }).click()
          await expect.poll(() => cells(page, "table.issues tbody tr")).toEqual(second.data.map(issueRow))
          await page.getByRole("link", { name: "First page" }).click()
          await expect.poll(() => cells(page, "table.issues tbody tr")).toEqual(all.data.map(issueRow))
        })

        // Ticking the rarest severity of those TypeScript's issues have (TypeScript is ticked next):
        // the list becomes the API's search with it, as many issues as its count said; its own
        // facet keeps the counts without it, the others count within it.
        const typeScriptLevels = (yield* Effect.promise(() => api.overview({ languages: ["TypeScript"] }))).counts.levels.map((l) => l.name)
        const rarest = overview.counts.levels.filter((l) => typeScriptLevels.includes(l.name)).at(-1)
        const level = rarest?.name ?? ""
        const byLevel = { levels: [level] }
        const [levelIssues, withinLevel] = yield* Effect.promise(() => Promise.all([api.search(byLevel), api.overview(byLevel)]))
        expect(levelIssues.pagination.total).toBe(rarest?.total)
        expect(levelIssues.pagination.total).toBeLessThan(all.pagination.total)
        yield* Effect.promise(async () => {
          await tick("levels", level)
          await expect.poll(() => cells(page, "table.issues tbody tr")).toEqual(levelIssues.data.map(issueRow))
          expect(await page.locator("p.total").textContent()).toBe(issuesTotal(levelIssues.pagination.total, true))
          await expect.poll(() => facetsShown(page)).toEqual(facetsExpected(byLevel, (f) => (f === "levels" ? overview : withinLevel)))
        })

        // And TypeScript too: each ticked facet counted with the other's filter.
        const both = { levels: [level], languages: ["TypeScript"] }
        const [bothIssues, withinBoth, withinLanguage] = yield* Effect.promise(() =>
          Promise.all([api.search(both), api.overview(both), api.overview({ languages: ["TypeScript"] })])
        )
        expect(bothIssues.data.length).toBeGreaterThan(0)
        const picked = bothIssues.data[0]
        if (picked === undefined) throw new Error("no TypeScript issue of that severity")
        yield* Effect.promise(async () => {
          await tick("languages", "TypeScript")
          await expect.poll(() => cells(page, "table.issues tbody tr")).toEqual(bothIssues.data.map(issueRow))
          await expect.poll(() => facetsShown(page)).toEqual(
            facetsExpected(both, (f) => (f === "levels" ? withinLanguage : f === "languages" ? withinLevel : withinBoth))
          )
        })

        // An issue's file link opens the file at its line: the line has the focus, every number is the API's.
        const file = yield* Effect.promise(() => api.file(picked.fileId))
        expect(file.clones.length).toBeGreaterThan(0)
        yield* Effect.promise(async () => {
          await page.locator("table.issues tbody tr").first().getByRole("link", { name: picked.filePath }).click()
          await page.getByRole("heading", { name: file.details.file.path, level: 1 }).waitFor()
          await expect.poll(() => focused(page)).toBe(`#L${picked.lineNumber}`)
          expect(await terms(page, "dl.metrics")).toEqual(fileMeasures(file))
          expect(await page.locator("ul.clones li").allTextContents()).toEqual(cloneTexts(file.details.file.fileId, file.clones))
          expectLines(await sourceRows(page), file)
          await page.locator(".line-issues").first().scrollIntoViewIfNeeded()
          await screenshot(page, "file")
        })

        // Files: the list, sorted by a column's link and searched, equals listFiles; a file's link opens it.
        const [byName, byIssues, byCoverage, copies] = yield* Effect.promise(() =>
          Promise.all([
            api.files(),
            api.files({ sort: "issues", direction: "desc" }),
            api.files({ sort: "coverage", direction: "asc" }),
            api.files({ search: "copy", sort: "issues", direction: "desc" })
          ])
        )
        expect(byCoverage.data.some((f) => f.coverageWithDecimals !== undefined)).toBe(true)
        const copy = copies.data[0]
        if (copy === undefined) throw new Error("no file matches copy")
        const copyFile = yield* Effect.promise(() => api.file(copy.fileId))
        yield* Effect.promise(async () => {
          await repositoryNav.getByRole("link", { name: "Files" }).click()
          await page.getByRole("heading", { name: "Files of widgets" }).waitFor()
          await expect.poll(() => cells(page, "table.files tbody tr")).toEqual(byName.data.map(fileRow))
          await page.getByRole("columnheader", { name: "Issues" }).getByRole("link").click()
          await expect.poll(() => cells(page, "table.files tbody tr")).toEqual(byIssues.data.map(fileRow))
          expect(await page.getByRole("columnheader", { name: "Issues" }).getAttribute("aria-sort")).toBe("descending")
          expect(await page.locator("p.total").textContent()).toBe(`${formatCount(byIssues.pagination.total)} files.`)
          await screenshot(page, "files")
          await page.getByRole("columnheader", { name: "Coverage" }).getByRole("link").click()
          await expect.poll(() => cells(page, "table.files tbody tr")).toEqual(byCoverage.data.map(fileRow))
          await page.getByRole("columnheader", { name: "Issues" }).getByRole("link").click()
          await expect.poll(() => cells(page, "table.files tbody tr")).toEqual(byIssues.data.map(fileRow))
          await page.getByLabel("Path contains").fill("copy")
          await page.getByRole("button", { name: "Search" }).click()
          await expect.poll(() => cells(page, "table.files tbody tr")).toEqual(copies.data.map(fileRow))
          await page.getByRole("link", { name: copy.path }).click()
          await page.getByRole("heading", { name: copy.path, level: 1 }).waitFor()
          expect(await terms(page, "dl.metrics")).toEqual(fileMeasures(copyFile))
          expect(await page.locator("ul.clones li").allTextContents()).toEqual(cloneTexts(copy.fileId, copyFile.clones))
          expectLines(await sourceRows(page), copyFile)
        })
        expect(errors).toEqual([])
        expect(violations).toEqual([])
      }), 90_000)
  })
})
