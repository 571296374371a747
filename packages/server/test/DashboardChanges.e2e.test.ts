/**
 * Issue 14's dashboard pages in headless Chromium against a built server seeded through the public
 * APIs (DashboardChangesSeed.ts): a repository's pull requests with their verdicts, one pull
 * request's gate rules and new and fixed issues, and a branch's commits with the grade and issue
 * count over time. What each page shows must equal the API's answers, put in words and numbers by
 * the dashboard's own `ChangeWords.ts` and `Format.ts`; the screenshots land in docs/screenshots/.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import type { BranchHistoryEntry, CommitWithAnalysis, DeltaIssue, FileDiffCoverage, PullRequestWithAnalysis } from "../../dashboard/src/changes/Changes.js"
import {
  commitVerdict,
  diffCoverageText,
  gateRule,
  historyGrade,
  pullRequestVerdict,
  ruleState,
  unrunLines
} from "../../dashboard/src/changes/ChangeWords.js"
import { formatCount, formatInstant, formatPercent, formatText, shortSha } from "../../dashboard/src/shared/Format.js"
import * as Chromium from "./Browser.js"
import { getJson } from "./CliFixture.js"
import { adminToken, organization, repositoryPath, seed } from "./DashboardChangesSeed.js"
import * as DashboardServer from "./DashboardServer.js"
import { cells, issueLayout, logIn, screenshot, terms } from "./DashboardReading.js"
import { messageCell, type PageJson } from "./DashboardResults.js"

interface DeltaIssuePageJson extends PageJson<DeltaIssue> {
  readonly analyzed: boolean
}

const branches = (pr: PullRequestWithAnalysis) => `${formatText(pr.pullRequest.originBranch)} → ${formatText(pr.pullRequest.targetBranch)}`

/** A row of the pull-request list, as the page shows it. */
const pullRequestRow = (pr: PullRequestWithAnalysis) => [
  `#${pr.pullRequest.number}`,
  pr.pullRequest.title,
  pr.pullRequest.owner.name,
  branches(pr),
  pr.pullRequest.status,
  pullRequestVerdict(pr).label + (pr.meta.analyzable ? "" : pr.meta.reason ?? ""),
  formatCount(pr.newIssues),
  formatCount(pr.fixedIssues),
  formatInstant(pr.pullRequest.updated)
]

/** A row of a pull request's new or fixed issues. */
const deltaRow = ({ commitIssue: issue }: DeltaIssue) => [
  issue.filePath,
  String(issue.lineNumber),
  messageCell(issue),
  issue.patternInfo.title ?? issue.patternInfo.id,
  issue.patternInfo.level
]

/** A row of the commit history, with the original's commit of the same sha for the verdict. */
const commitRow = (entry: BranchHistoryEntry, commit: CommitWithAnalysis | undefined) => [
  shortSha(entry.sha),
  entry.message.split("\n")[0] ?? "",
  entry.authorName,
  formatInstant(entry.commitTimestamp),
  formatCount(entry.newIssues),
  formatCount(entry.fixedIssues),
  commitVerdict(commit).label,
  historyGrade(entry),
  formatCount(entry.issuesCount)
]

const body = <A>(reply: { readonly status: number; readonly body: unknown }): A => {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return reply.body as A
}

describe("dashboard: pull requests and commits (headless Chromium against a seeded server)", () => {
  layer(DashboardServer.layer(adminToken, seed), { excludeTestServices: true, timeout: "180 seconds" })((it) => {
    it.scoped("lists the pull requests with their verdicts; a pull request's gate rules, new and fixed issues; the commit history", () =>
      Effect.gen(function*() {
        const { browser, server, token } = yield* DashboardServer.DashboardServer
        const api = <A>(path: string) => Effect.map(getJson(server, path, token), (reply) => body<A>(reply))
        const pullRequests = yield* api<PageJson<PullRequestWithAnalysis>>(`${repositoryPath}/pull-requests?includeNotAnalyzed=true&limit=25`)
        const feature = yield* api<PullRequestWithAnalysis>(`${repositoryPath}/pull-requests/7`)
        const ghost = yield* api<PullRequestWithAnalysis>(`${repositoryPath}/pull-requests/8`)
        const issues = yield* api<DeltaIssuePageJson>(`${repositoryPath}/pull-requests/7/issues?limit=100`)
        const filesCoverage = yield* api<{ readonly data: ReadonlyArray<FileDiffCoverage> }>(
          `/api/v3/coverage/organizations/${organization}/repositories/app/pull-requests/7/files`
        )
        const history = yield* api<PageJson<BranchHistoryEntry>>(`${repositoryPath}/commits-history?limit=25`)
        const commits = yield* api<PageJson<CommitWithAnalysis>>(`${repositoryPath}/commits?limit=25`)
        // The seed's story, as the API tells it: the feature adds one issue and fixes one, the gate fails it.
        expect(pullRequests.data.map((pr) => pr.pullRequest.number).sort()).toEqual([7, 8])
        expect(feature).toMatchObject({ isAnalysing: false, isUpToStandards: false, newIssues: 1, fixedIssues: 1 })
        expect(ghost.meta.analyzable).toBe(false)
        const added = issues.data.filter((d) => d.deltaType === "Added")
        const fixed = issues.data.filter((d) => d.deltaType === "Fixed")
        expect([added.length, fixed.length]).toEqual([1, 1])
        expect(history.data).toHaveLength(2)
        expect(history.data.every((e) => e.gradeLetter !== undefined && e.issuesCount !== undefined)).toBe(true)
        // The second commit's clean lines outweigh its new issue: the grade rises.
        expect(history.data[0]?.grade ?? 0).toBeGreaterThan(history.data[1]?.grade ?? 100)

        const { page, errors, violations } = yield* Chromium.openPage(browser)
        const repositoryNav = page.getByRole("navigation", { name: "Repository app" })

        // The list: every pull request, the not analysable one with its reason.
        yield* Effect.promise(async () => {
          await logIn(page, { url: server.url, organization, token })
          await page.getByRole("link", { name: "app" }).click()
          await repositoryNav.getByRole("link", { name: "Pull requests" }).click()
          await page.getByRole("heading", { name: "Pull requests of app" }).waitFor()
          await expect.poll(() => cells(page, "table.pull-requests tbody tr")).toEqual(pullRequests.data.map(pullRequestRow))
          expect(await page.locator("p.total").textContent()).toBe("2 pull requests.")
          await screenshot(page, "pull-requests")
        })

        // One pull request: the verdict, each rule in words, what it changes, its issues with their lines.
        const reasons = [...(feature.quality?.resultReasons ?? []), ...(feature.coverage?.resultReasons ?? [])]
        expect(reasons.map((r) => r.gate)).toContain("issueThreshold")
        yield* Effect.promise(async () => {
          await page.getByRole("link", { name: "Feature X" }).click()
          await page.getByRole("heading", { name: "#7 Feature X", level: 1 }).waitFor()
          await page.locator("table.gate").waitFor()
          expect(await page.locator(".verdict-line").textContent()).toBe(pullRequestVerdict(feature).label)
          expect(await cells(page, "table.gate tbody tr")).toEqual(reasons.map((r) => [gateRule(r), ruleState(r)]))
          expect(await terms(page, "dl.metrics")).toEqual([
            ["New issues", formatCount(feature.newIssues)],
            ["Fixed issues", formatCount(feature.fixedIssues)],
            ["Complexity added", formatCount(feature.deltaComplexity)],
            ["New duplicated blocks", formatCount(feature.deltaClonesCount)],
            ["Coverage variation", formatPercent(feature.coverage?.deltaCoverage)],
            ["Diff coverage", diffCoverageText(feature.coverage?.diffCoverage)]
          ])
          const tables = page.locator("table.delta-issues")
          expect(await cells(page, "table.delta-issues >> nth=0 >> tbody tr")).toEqual(added.map(deltaRow))
          expect(await cells(page, "table.delta-issues >> nth=1 >> tbody tr")).toEqual(fixed.map(deltaRow))
          expect(await tables.count()).toBe(2)
          // Each new issue's line under its message, the table within the page.
          const layout = await issueLayout(page, "table.delta-issues")
          expect(layout.fits).toBe(true)
          expect(layout.rows.map((row) => row.lineText)).toEqual(
            added.map(({ commitIssue }) => commitIssue.lineText.trim() === "" ? undefined : { lines: 1, below: true, cut: true, monospace: true })
          )
          // A file the default branch's analysis has links to its page.
          const linked = added.find((d) => d.commitIssue.fileId > 0)
          if (linked !== undefined) {
            expect(await tables.nth(0).getByRole("link", { name: linked.commitIssue.filePath }).getAttribute("href"))
              .toBe(`#/repositories/app/files/${linked.commitIssue.fileId}`)
          }
          // Diff coverage per file (the head's report counts a.js and copy1.js).
          expect(filesCoverage.data.length).toBeGreaterThan(0)
          expect(await cells(page, "table.files-coverage tbody tr")).toEqual(filesCoverage.data.map((file) => [
            file.fileName,
            formatPercent(file.coverage),
            formatPercent(file.variation),
            diffCoverageText(file.diff),
            unrunLines(file)
          ]))
          await screenshot(page, "pull-request")
        })

        // The pull request that could not be analysed says why.
        yield* Effect.promise(async () => {
          await repositoryNav.getByRole("link", { name: "Pull requests" }).click()
          await page.getByRole("link", { name: "Ghost" }).click()
          await page.getByRole("heading", { name: "#8 Ghost", level: 1 }).waitFor()
          expect(await page.locator("p.problem").textContent()).toBe(`The analysis could not run: ${ghost.meta.reason ?? ""}.`)
          expect(await page.locator("table.delta-issues").count()).toBe(0)
        })

        // The commit history: both commits, the latest first, with grade and issue count, drawn.
        const verdicts = new Map(commits.data.map((c) => [c.commit.sha, c]))
        yield* Effect.promise(async () => {
          await repositoryNav.getByRole("link", { name: "Commits" }).click()
          await page.getByRole("heading", { name: "Commits of app" }).waitFor()
          await expect.poll(() => cells(page, "table.commits tbody tr")).toEqual(history.data.map((e) => commitRow(e, verdicts.get(e.sha))))
          expect(await page.locator("p.total").textContent()).toBe("2 analysed commits on main.")
          const charts = page.locator("figure.history-chart")
          expect(await charts.locator("figcaption").allTextContents()).toEqual(["Grade", "Issues"])
          expect(await charts.nth(0).locator("circle").count()).toBe(2)
          expect(await charts.nth(1).locator("circle title").allTextContents()).toEqual(
            [...history.data].reverse().map((e) => `${shortSha(e.sha)}: ${formatCount(e.issuesCount)}`)
          )
          await screenshot(page, "commits")
          // The analysed branches to choose from (listRepositoryBranches); one never analysed has no commits yet.
          const chooser = page.getByLabel("Branch")
          expect(await chooser.locator("option").allTextContents()).toEqual(["main (default)", "topic/x"])
          await chooser.selectOption("topic/x")
          await page.getByRole("button", { name: "Show" }).click()
          await expect.poll(() => page.locator("p.total").textContent()).toBe("0 analysed commits on topic/x.")
          expect(page.url()).toContain("branch=topic%2Fx")
        })
        expect(errors).toEqual([])
        expect(violations).toEqual([])
      }), 120_000)
  })
})
