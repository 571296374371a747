/**
 * Our extension `listBranchHistory` (GET …/commits-history): a branch's analysed commits, the latest
 * first, each graded as the repository view grades its latest analysis, on every storage.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { BranchHistoryPage, CommitPage, RepositoryData } from "./fixtures/Bodies.js"
import { commitOn } from "./fixtures/GitRepositories.js"
import * as Http from "./fixtures/Http.js"
import { addRepository, issueToken, newOrganization, once, paths, untilAnalysed } from "./fixtures/Scenario.js"
import { analysingTestLayer } from "./fixtures/TestLayer.js"

/** Two issues: a.js's unused constant, b.js's undefined name. */
const firstFiles = {
  "src/a.js": "const unused = 1\nexport const answer = () => 42\n",
  "src/b.js": "export const f = () => missing\n"
}

/** b.js's issue fixed; c.js brings three (two unused names, one undefined): four in all. */
const secondFiles = {
  "src/b.js": "export const f = () => 1\n",
  "src/c.js": "let other = 2\nlet more = 3\nexport const g = () => nope\n"
}

const setup = once(Effect.gen(function*() {
  const org = newOrganization("history")
  const token = yield* issueToken(org)
  const added = yield* addRepository(org, "app", { files: firstFiles })
  const firstSha = added.git.mainSha
  const first = yield* untilAnalysed(org, "app", token, firstSha)
  const secondSha = yield* commitOn(added.git, "main", secondFiles)
  yield* addRepository(org, "app", { reuse: added.git })
  yield* untilAnalysed(org, "app", token, secondSha)
  // A coverage report of the latest commit counts in its grade, as in the repository's.
  yield* Http.post(paths.coverage(org, "app"), {
    token,
    json: { commitSha: secondSha, format: "lcov", report: "SF:src/c.js\nDA:1,1\nDA:2,0\nDA:3,1\nend_of_record\n" }
  })
  const second = Http.expectBody(yield* Http.get(paths.repository(org, "app"), { token }), 200, RepositoryData).data
  return { org, token, firstSha, secondSha, first, second }
}))

const historyPath = (org: ReturnType<typeof newOrganization>) => `${paths.repository(org, "app")}/commits-history`

layer(analysingTestLayer, { excludeTestServices: true, timeout: "180 seconds" })("branch history (our extension)", (it) => {
  describe("listBranchHistory", () => {
    it.effect("each analysed commit, the latest first, with the grade and issue count the repository view gave it", () =>
      Effect.gen(function*() {
        const { first, firstSha, org, second, secondSha, token } = yield* setup
        expect(second.coverage?.coveragePercentage).toBeDefined()
        const page = Http.expectBody(yield* Http.get(historyPath(org), { token }), 200, BranchHistoryPage)
        expect(page.pagination).toMatchObject({ total: 2, limit: 100 })
        expect(page.data.map((e) => e.sha)).toEqual([secondSha, firstSha])
        const view = (r: typeof second) => ({ grade: r.grade, gradeLetter: r.gradeLetter, issuesCount: r.issuesCount, loc: r.loc })
        const [latest, earlier] = page.data
        expect(latest).toMatchObject({ ...view(second), issuesCount: 4, newIssues: 3, fixedIssues: 1, message: "Change main" })
        expect(latest?.endedAnalysis).toBe(second.lastAnalysedCommit?.endedAnalysis)
        expect(latest?.authorName).toBe("Ada Lovelace")
        // The first analysis of a branch has nothing to compare with: nothing new, nothing fixed.
        expect(earlier).toMatchObject({ ...view(first), issuesCount: 2, newIssues: 0, fixedIssues: 0, message: "Initial commit" })
        expect(earlier?.commitTimestamp).toBe(first.lastAnalysedCommit?.commitTimestamp)
        // What each commit changed is what the original's commit list says.
        const commits = Http.expectBody(yield* Http.get(`${paths.repository(org, "app")}/commits`, { token }), 200, CommitPage)
        expect(page.data.map((e) => [e.sha, e.newIssues, e.fixedIssues])).toEqual(
          commits.data.map((c) => [c.commit.sha, c.quality?.newIssues, c.quality?.fixedIssues])
        )
        const named = Http.expectBody(yield* Http.get(historyPath(org), { token, query: { branch: "main" } }), 200, BranchHistoryPage)
        expect(named).toEqual(page)
      }))

    it.effect("pages by cursor; an unknown branch or repository is 404, a bad cursor or limit 400", () =>
      Effect.gen(function*() {
        const { firstSha, org, secondSha, token } = yield* setup
        const one = Http.expectBody(yield* Http.get(historyPath(org), { token, query: { limit: "1" } }), 200, BranchHistoryPage)
        expect(one.data.map((e) => e.sha)).toEqual([secondSha])
        expect(one.pagination.cursor).toBeDefined()
        const rest = Http.expectBody(
          yield* Http.get(historyPath(org), { token, query: { limit: "1", cursor: one.pagination.cursor ?? "" } }),
          200,
          BranchHistoryPage
        )
        expect(rest.data.map((e) => e.sha)).toEqual([firstSha])
        expect(rest.pagination.cursor).toBeUndefined()
        yield* Http.expectError(yield* Http.get(historyPath(org), { token, query: { branch: "nope" } }), "NotFound")
        yield* Http.expectError(yield* Http.get(`${paths.repository(org, "nothing")}/commits-history`, { token }), "NotFound")
        yield* Http.expectError(yield* Http.get(historyPath(org), { token, query: { cursor: "%%%" } }), "BadRequest")
        yield* Http.expectError(yield* Http.get(historyPath(org), { token, query: { limit: "0" } }), "BadRequest")
      }))
  })
})
