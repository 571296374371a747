/**
 * The dashboard tells a grade earned from one withheld: in headless Chromium against a built server
 * seeded through the public APIs, a repository mostly in HTML (no tool of Tidemark reads HTML yet)
 * and a little JavaScript shows "Not graded" with the languages not analysed, and one all in HTML shows its
 * issues and their goal as not measured, never as a clean 0. The page names its icon, so the
 * browser asks for no /favicon.ico.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { gradingOf, notAnalysedLanguages, notAnalysedText, notGradedReason } from "../../dashboard/src/repositories/Grading.js"
import { readRepositoryPage, type RepositoryWithAnalysis } from "../../dashboard/src/repositories/RepositoriesApi.js"
import { formatCount } from "../../dashboard/src/shared/Format.js"
import * as Chromium from "./Browser.js"
import { adminSecret, getJson, gitRepository, postOk as post } from "./CliFixture.js"
import * as DashboardServer from "./DashboardServer.js"
import { cells, logIn, terms } from "./DashboardReading.js"

const adminToken = "tma_dashboard-grades-admin"
const organization = "gh/acme"
const listPath = `/api/v3/analysis/organizations/${organization}/repositories?limit=25`

/** An HTML page of some thirty lines: the bulk of both repositories, in a language no tool of Tidemark reads. */
const htmlPage = [
  "<!DOCTYPE html>",
  "<html lang=\"en\">",
  "  <head>",
  "    <meta charset=\"utf-8\">",
  "    <title>Orders</title>",
  "    <link rel=\"stylesheet\" href=\"orders.css\">",
  "  </head>",
  "  <body>",
  "    <header>",
  "      <h1>Orders</h1>",
  "      <nav>",
  "        <a href=\"/\">Home</a>",
  "        <a href=\"/orders\">Orders</a>",
  "        <a href=\"/customers\">Customers</a>",
  "      </nav>",
  "    </header>",
  "    <main>",
  "      <table>",
  "        <thead>",
  "          <tr><th>Customer</th><th>Amount</th></tr>",
  "        </thead>",
  "        <tbody>",
  "          <tr><td>Ada</td><td>3</td></tr>",
  "          <tr><td>Grace</td><td>5</td></tr>",
  "          <tr><td>Edsger</td><td>8</td></tr>",
  "        </tbody>",
  "      </table>",
  "      <form action=\"/orders\" method=\"post\">",
  "        <label>Customer <input name=\"customer\"></label>",
  "        <label>Amount <input name=\"amount\" type=\"number\"></label>",
  "        <button>Add</button>",
  "      </form>",
  "    </main>",
  "  </body>",
  "</html>",
  ""
].join("\n")

const repositories: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // Mostly HTML, three lines of JavaScript with an issue: measured, but less than half of the code.
  gophers: { "README.md": "# Gophers\n", "web/orders.html": htmlPage, "web/check.js": "export function check() {\n  return missing\n}\n" },
  // HTML alone: no tool read any of it.
  burrow: { "README.md": "# Burrow\n", "web/orders.html": htmlPage }
}

const analysed = (listed: ReadonlyArray<RepositoryWithAnalysis>) =>
  listed.length === Object.keys(repositories).length && listed.every((r) => r.issuesPercentage !== undefined)

const seed: DashboardServer.Seed = (server, directory) =>
  Effect.gen(function*() {
    for (const [name, files] of Object.entries(repositories)) {
      const repository = yield* gitRepository(directory, name, files)
      yield* post(server, "/api/v3/repositories", { provider: "gh", repositoryFullPath: `acme/${name}`, gitUrl: repository }, adminToken)
    }
    const token = yield* adminSecret(server, adminToken, `/api/v3/admin/organizations/${organization}/tokens`, { permission: "read" })
    // Adding a repository queued its analysis: read until both are analysed.
    yield* getJson(server, listPath, token).pipe(
      Effect.map((reply) => readRepositoryPage(reply.body, "").data),
      Effect.filterOrFail(analysed),
      Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("60 seconds")))
    )
    return token
  })

describe("dashboard grades (headless Chromium against a seeded server)", () => {
  layer(DashboardServer.layer(adminToken, seed), { excludeTestServices: true, timeout: "180 seconds" })((it) => {
    it.scoped("shows no letter where less than half of the code was analysed, and no 0 where no issue was measured", () =>
      Effect.gen(function*() {
        const { browser, server, token } = yield* DashboardServer.DashboardServer
        const listed = readRepositoryPage((yield* getJson(server, listPath, token)).body, "").data
        const byName = (name: string) => {
          const found = listed.find((r) => r.repository.name === name)
          if (found === undefined) throw new Error(`${name} is not listed`)
          return found
        }
        const gophers = byName("gophers")
        const burrow = byName("burrow")
        // The analysis's side, which the pages put in words: no grade, and why, for both.
        for (const repository of [gophers, burrow]) {
          expect(repository.gradeLetter).toBeUndefined()
          expect(repository.repository.problems.map((p) => p.code)).toContain("languages_not_analysed")
        }
        expect(gophers.issuesCount).toBeGreaterThan(0)
        expect(burrow.issuesCount).toBe(0)
        const htmlNotAnalysed = (repository: RepositoryWithAnalysis) => {
          const grading = gradingOf(repository)
          if (grading.state !== "notGraded" || grading.languages === undefined) throw new Error(`${repository.repository.name} reads graded`)
          return grading.languages.map(notAnalysedText)
        }
        expect(htmlNotAnalysed(gophers).join()).toMatch(/^HTML: /)

        const { page, errors, violations } = yield* Chromium.openPage(browser)
        const asked: Array<string> = []
        page.on("request", (request) => asked.push(new URL(request.url()).pathname))

        // Overview: "Not graded", why, and each language not analysed with its lines and reason;
        // the issues of the repository no tool read are "not measured", the other's are counted.
        yield* Effect.promise(async () => {
          await logIn(page, { url: server.url, organization, token })
          await page.locator("table.repositories tbody tr").nth(listed.length - 1).waitFor()
          const rows = new Map((await cells(page, "table.repositories tbody tr")).map((row) => [row[0], row]))
          for (const repository of [gophers, burrow]) {
            const row = rows.get(repository.repository.name) ?? []
            expect(row[1]).toBe(`Not graded${notGradedReason}:${htmlNotAnalysed(repository).join("")}`)
          }
          expect(rows.get("gophers")?.[2]).toBe(formatCount(gophers.issuesCount))
          expect(rows.get("burrow")?.[2]).toBe("not measured")
        })

        // burrow's page: no grade, issues and their goal not measured, the languages not analysed.
        yield* Effect.promise(async () => {
          await page.getByRole("link", { name: "burrow" }).click()
          await page.getByRole("heading", { name: "Metrics" }).waitFor()
          const measures = new Map((await terms(page, "dl.metrics")).map(([term, value]) => [term, value]))
          expect(measures.get("Grade")).toBe("Not graded")
          expect(measures.get("Issues")).toBe("not measured")
          const issuesGoal = await page.locator("ul.goals li").filter({ hasText: "issues" }).textContent()
          expect(issuesGoal).toMatch(/: not measured$/)
          const note = page.getByRole("note")
          expect(await note.textContent()).toContain(notGradedReason)
          expect(await note.locator("li").allTextContents()).toEqual(htmlNotAnalysed(burrow))
          expect(await page.locator("#issue-load-help").textContent()).toMatch(/^Issues % is the issue load/)
        })

        // gophers' page: not graded either, and its issues (of its JavaScript) counted.
        yield* Effect.promise(async () => {
          await page.goBack()
          await page.getByRole("link", { name: "gophers" }).click()
          await page.getByRole("heading", { name: "Metrics" }).waitFor()
          const measures = new Map((await terms(page, "dl.metrics")).map(([term, value]) => [term, value]))
          expect(measures.get("Grade")).toBe("Not graded")
          expect(measures.get("Issues")).toMatch(new RegExp(`^${formatCount(gophers.issuesCount)} \\(`))
          const problem = gophers.repository.problems.find((p) => p.code === "languages_not_analysed")
          expect(notAnalysedLanguages(problem?.message ?? "")?.map((l) => l.language)).toEqual(["HTML"])

          // Its commit in the branch's history: not graded either, its issues counted.
          await page.getByRole("navigation", { name: "Repository gophers" }).getByRole("link", { name: "Commits" }).click()
          await page.locator("table.commits tbody tr").first().waitFor()
          const [commit] = await cells(page, "table.commits tbody tr")
          expect(commit?.slice(-2)).toEqual(["Not graded", formatCount(gophers.issuesCount)])
        })

        // The icon: the page names its SVG, which the server serves; nothing asks for /favicon.ico.
        const icon = yield* Effect.promise(() => fetch(`${server.url}/favicon.svg`))
        expect(icon.status).toBe(200)
        expect(icon.headers.get("content-type")).toMatch(/^image\/svg\+xml/)
        expect(yield* Effect.promise(() => page.locator("link[rel=icon]").getAttribute("href"))).toBe("./favicon.svg")
        expect(asked).toContain("/favicon.svg")
        expect(asked).not.toContain("/favicon.ico")
        expect(errors).toEqual([])
        expect(violations).toEqual([])
      }), 60_000)
  })
})
