/**
 * Triage in the dashboard (issue 27): in headless Chromium against a built server seeded through
 * the public APIs, a person ignores an issue from its row with a reason and a comment; it leaves
 * the list and the counts (as the API counts them), shows in the Ignored tab with who, when and why,
 * and comes back when un-ignored there.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { readRepositoryPage } from "../../dashboard/src/repositories/RepositoriesApi.js"
import { readIssuePage } from "../../dashboard/src/results/Results.js"
import { formatInstant, shortSha } from "../../dashboard/src/shared/Format.js"
import { readIgnoredPage } from "../../dashboard/src/triage/Triage.js"
import * as Chromium from "./Browser.js"
import { adminSecret, getJson, gitRepository, postOk as post } from "./CliFixture.js"
import * as DashboardServer from "./DashboardServer.js"
import { cells, logIn, screenshot } from "./DashboardReading.js"
import { issueRow, issuesTotal } from "./DashboardResults.js"

const adminToken = "tma_dashboard-triage-admin"
const organization = "gh/acme"
const repositoryPath = `/api/v3/analysis/organizations/${organization}/repositories/shop`

const files = {
  "src/cart.js": "const unused = 1\nlet spare = 2\nexport const total = () => missing\n",
  "src/fixtures.js": "export const sample = () => notDefined\n"
}

const seed: DashboardServer.Seed = (server, directory) =>
  Effect.gen(function*() {
    const repository = yield* gitRepository(directory, "shop", files)
    yield* post(server, "/api/v3/repositories", { provider: "gh", repositoryFullPath: "acme/shop", gitUrl: repository }, adminToken)
    const token = yield* adminSecret(server, adminToken, `/api/v3/admin/organizations/${organization}/tokens`, { permission: "write" })
    yield* getJson(server, `/api/v3/analysis/organizations/${organization}/repositories?limit=25`, token).pipe(
      Effect.map((reply) => readRepositoryPage(reply.body, "").data),
      Effect.filterOrFail((listed) => listed.length === 1 && listed.every((r) => r.issuesCount !== undefined)),
      Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("150 seconds")))
    )
    return token
  })

describe("dashboard triage (headless Chromium against a seeded server)", () => {
  layer(DashboardServer.layer(adminToken, seed), { excludeTestServices: true, timeout: "180 seconds" })((it) => {
    it.scoped("ignores an issue from its row with a reason and a comment, lists it as ignored, and un-ignores it", () =>
      Effect.gen(function*() {
        const { browser, server, token } = yield* DashboardServer.DashboardServer
        const posted = (path: string) =>
          Effect.tryPromise(() =>
            fetch(`${server.url}${repositoryPath}/${path}`, {
              method: "POST",
              headers: { "api-token": token, "content-type": "application/json" },
              body: "{}"
            }).then((r) => r.json() as Promise<unknown>))
        const search = Effect.map(posted("issues/search"), (body) => readIssuePage(body, ""))
        const ignoredList = Effect.map(posted("ignoredIssues/search"), (body) => readIgnoredPage(body, ""))
        const before = yield* search
        expect(before.pagination.total).toBe(4)
        const target = before.data.find((i) => i.filePath === "src/fixtures.js")
        if (target === undefined) throw new Error("no issue in src/fixtures.js")

        const { page, errors, violations } = yield* Chromium.openPage(browser)
        yield* Effect.promise(async () => {
          await logIn(page, { url: server.url, organization, token })
          await page.goto(`${server.url}/#/repositories/shop/issues`)
          await page.locator("table.issues tbody tr").nth(before.data.length - 1).waitFor()
          expect(await cells(page, "table.issues tbody tr")).toEqual(before.data.map(issueRow))

          // Ignore the fixture's issue as test code, with a comment.
          const label = `${target.filePath}:${target.lineNumber}`
          await page.getByRole("button", { name: `Ignore ${label}` }).click()
          const form = page.getByRole("form", { name: `Ignore ${label}` })
          await form.getByLabel("Reason").selectOption("TestCode")
          await form.getByLabel("Comment").fill("sample data on purpose")
          await form.getByRole("button", { name: "Ignore", exact: true }).click()
          await page.getByRole("status").filter({ hasText: issuesTotal(3, false) }).waitFor()
        })
        const after = yield* search
        expect(after.pagination.total).toBe(3)
        expect(after.data.map((i) => i.issueId)).not.toContain(target.issueId)
        yield* Effect.promise(async () => {
          await expect.poll(() => cells(page, "table.issues tbody tr")).toEqual(after.data.map(issueRow))
          await page.getByRole("navigation", { name: "Repository shop" }).getByRole("link", { name: "Ignored" }).click()
          await page.getByRole("heading", { name: "Ignored issues of shop" }).waitFor()
          await page.locator("table.ignored tbody tr").first().waitFor()
        })
        const ignored = yield* ignoredList
        expect(ignored.data.map((i) => [i.issueId, i.reason, i.comment])).toEqual([[target.issueId, "TestCode", "sample data on purpose"]])
        yield* Effect.promise(async () => {
          const [row] = await cells(page, "table.ignored tbody tr")
          expect(row?.slice(0, 2)).toEqual([target.filePath, String(target.lineNumber)])
          // The reason with the comment under it; who, when and the commit ignored on.
          expect(row?.[5]).toBe("Test codesample data on purpose")
          expect(row?.[6]).toBe(`${token.split(".")[1]}${formatInstant(ignored.data[0]?.ignoredTimestamp)}${shortSha(ignored.data[0]?.commitInfo?.sha ?? "")}`)
          expect(row?.at(-1)).toBe("Un-ignore")
          await screenshot(page, "ignored")

          await page.getByRole("button", { name: `Un-ignore ${target.filePath}:${target.lineNumber}` }).click()
          await page.getByRole("status").filter({ hasText: "0 ignored issues" }).waitFor()
          await page.getByRole("navigation", { name: "Repository shop" }).getByRole("link", { name: "Issues" }).click()
          await page.getByRole("status").filter({ hasText: issuesTotal(4, false) }).waitFor()
        })
        expect((yield* search).pagination.total).toBe(4)
        expect((yield* ignoredList).pagination.total).toBe(0)
        expect(errors).toEqual([])
        expect(violations).toEqual([])
      }), 120_000)
  })
})
