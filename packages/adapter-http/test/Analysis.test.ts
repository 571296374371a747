import { describe, expect, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { CoverageBody, GoalsBody, ImportedBody, QueuedAnalysisBody, RepositoryData, RepositoryPage } from "./fixtures/Bodies.js"
import { commitOnMain } from "./fixtures/GitRepositories.js"
import * as Http from "./fixtures/Http.js"
import { addRepository, eslint9, issueToken, newOrganization, type Organization, paths } from "./fixtures/Scenario.js"
import { analysingTestLayer } from "./fixtures/TestLayer.js"
import { adminToken } from "./fixtures/TestServer.js"

/**
 * A small code base whose measures are known: 2 code lines of JavaScript with one unused variable
 * (ESLint9's recommended `no-unused-vars`), 2 of TypeScript, 1 of Markdown; a function of
 * complexity 22 (above the goal's 20) in `src/branchy.js`.
 */
const branchy = [
  "export const grade = (n) => {",
  ...Array.from({ length: 21 }, (_, i) => `  if (n === ${i}) return ${i}`),
  "  return -1",
  "}"
].join("\n") + "\n"

const files = {
  "README.md": "# sample\n",
  "src/index.js": "const unused = 1\nexport const answer = () => 42\n",
  "src/math.ts": "export const add = (a: number, b: number): number => a + b\n",
  "src/types.ts": "export interface Point { readonly x: number; readonly y: number }\n",
  "src/branchy.js": branchy
}

/** Waits until the branch's last analysed commit is `sha` and ended after `since`. */
const analysed = (org: Organization, name: string, token: string, sha: string, since = "", branch?: string) =>
  Http.get(paths.repository(org, name), { token, ...(branch === undefined ? {} : { query: { branch } }) }).pipe(
    Effect.map((reply) => Http.expectBody(reply, 200, RepositoryData).data),
    Effect.filterOrFail(
      (r) => r.lastAnalysedCommit?.sha === sha && (r.lastAnalysedCommit.endedAnalysis ?? "") > since,
      () => "not analysed yet"
    ),
    Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("60 seconds")))
  )

layer(analysingTestLayer, { excludeTestServices: true, timeout: "120 seconds" })("analysis", (it) => {
  describe("adding a repository", () => {
    it.effect("analyses the default branch: measured numbers, a grade, the analysed commit, in get and list", () =>
      Effect.gen(function*() {
        const org = newOrganization()
        const token = yield* issueToken(org)
        const added = yield* addRepository(org, "measured", { files })
        const repository = yield* analysed(org, "measured", token, added.git.mainSha)

        expect(repository.loc).toBe(5 + 24)
        expect(repository.issuesCount).toBe(1)
        expect(repository.complexFilesCount).toBe(1)
        // 1 of the 4 files with functions (JavaScript and TypeScript) is complex.
        expect(repository.complexFilesPercentage).toBe(25)
        expect(repository.duplicationPercentage).toBe(0)
        expect(repository.grade).toBeGreaterThanOrEqual(0)
        expect(repository.grade).toBeLessThanOrEqual(100)
        expect(["A", "B", "C", "D", "E", "F"]).toContain(repository.gradeLetter)
        expect(repository.repository.problems).toEqual([])
        expect(repository.repository.languages).toEqual(["JavaScript", "TypeScript", "Markdown"])
        expect(repository.repository.stack?.stackTags).toContain("language:javascript")
        expect(repository.lastAnalysedCommit).toMatchObject({
          sha: added.git.mainSha,
          authorName: "Ada Lovelace",
          message: "Initial commit",
          isMergeCommit: false
        })
        const commit = repository.lastAnalysedCommit
        expect((commit?.startedAnalysis ?? "") <= (commit?.endedAnalysis ?? "")).toBe(true)

        const page = Http.expectBody(yield* Http.get(paths.repositories(org), { token }), 200, RepositoryPage)
        expect(page.data.map((r) => [r.repository.name, r.loc, r.issuesCount, r.grade, r.lastAnalysedCommit?.sha])).toEqual([
          ["measured", repository.loc, 1, repository.grade, added.git.mainSha]
        ])
      }))
  })

  describe("reanalyze (our extension)", () => {
    it.effect("answers 202 with the queued commit; a disabled pattern is no longer counted after it", () =>
      Effect.gen(function*() {
        const org = newOrganization()
        const token = yield* issueToken(org)
        const added = yield* addRepository(org, "tuned", { files })
        const first = yield* analysed(org, "tuned", token, added.git.mainSha)
        expect(first.issuesCount).toBe(1)

        Http.expectNoContent(yield* Http.patch(paths.tool(org, "tuned", eslint9), {
          token,
          json: { enabled: true, patterns: [{ id: "ESLint9_no-unused-vars", enabled: false }] }
        }))
        const queued = Http.expectBody(yield* Http.post(paths.reanalyze(org, "tuned"), { token }), 202, QueuedAnalysisBody)
        expect(queued.data).toMatchObject({ repositoryName: "tuned", branch: "main", commitSha: added.git.mainSha })
        const again = yield* analysed(org, "tuned", token, added.git.mainSha, first.lastAnalysedCommit?.endedAnalysis)
        expect(again.issuesCount).toBe(0)
        expect(again.issuesPercentage).toBe(0)
        expect(again.loc).toBe(first.loc)
      }))

    it.effect("analyses another branch, shown with ?branch= only; a new commit on main is analysed when asked", () =>
      Effect.gen(function*() {
        const org = newOrganization()
        const token = yield* issueToken(org)
        const added = yield* addRepository(org, "branches")
        yield* analysed(org, "branches", token, added.git.mainSha)

        Http.expectBody(yield* Http.post(paths.reanalyze(org, "branches"), { token, query: { branch: "feature" } }), 202, QueuedAnalysisBody)
        const feature = yield* analysed(org, "branches", token, added.git.featureSha, "", "feature")
        expect(feature.selectedBranch?.name).toBe("feature")
        const main = Http.expectBody(yield* Http.get(paths.repository(org, "branches"), { token }), 200, RepositoryData).data
        expect(main.lastAnalysedCommit?.sha).toBe(added.git.mainSha)

        // A commit pushed since the repository was added: refreshing (adding again) analyses it.
        const next = yield* commitOnMain(added.git, { "src/more.js": "export const more = 1\n" })
        yield* addRepository(org, "branches", { reuse: added.git })
        const refreshed = yield* analysed(org, "branches", token, next)
        expect(refreshed.loc).toBe((main.loc ?? 0) + 1)
      }))

    it.effect("needs a token that may write, and a branch of the repository", () =>
      Effect.gen(function*() {
        const org = newOrganization()
        yield* addRepository(org, "guarded")
        const reader = yield* issueToken(org, "read")
        yield* Http.expectError(yield* Http.post(paths.reanalyze(org, "guarded")), "Unauthorized")
        yield* Http.expectError(yield* Http.post(paths.reanalyze(org, "guarded"), { token: reader }), "Forbidden")
        yield* Http.expectError(yield* Http.post(paths.reanalyze(org, "guarded"), { token: adminToken, query: { branch: "nope" } }), "NotFound")
        yield* Http.expectError(yield* Http.post(paths.reanalyze(org, "missing"), { token: adminToken }), "NotFound")
      }))
  })

  describe("coverage upload (our extension)", () => {
    /** Two files of `files`, as a CI machine's checkout at /ci/checkout reports them: 2 of 3 lines ran. */
    const lcov = [
      "TN:",
      "SF:/ci/checkout/src/index.js",
      "DA:1,1",
      "DA:2,0",
      "LF:2",
      "LH:1",
      "end_of_record",
      "SF:/ci/checkout/src/math.ts",
      "DA:1,3",
      "end_of_record",
      ""
    ].join("\n")

    it.effect("answers 201 with the report's numbers, shown with the analysed commit, and counted in the grade", () =>
      Effect.gen(function*() {
        const org = newOrganization()
        const token = yield* issueToken(org)
        const added = yield* addRepository(org, "covered", { files })
        const analysedFirst = yield* analysed(org, "covered", token, added.git.mainSha)
        expect(analysedFirst.coverage).toBeUndefined()

        const reply = yield* Http.post(paths.coverage(org, "covered"), {
          token,
          json: { commitSha: added.git.mainSha, format: "lcov", report: lcov, root: "/ci/checkout" }
        })
        const { data } = Http.expectBody(reply, 201, CoverageBody)
        expect(data).toMatchObject({
          coveragePercentage: 66,
          coveragePercentageWithDecimals: 66.67,
          numberTotalFiles: 2,
          numberCoveredLines: 2,
          numberCoverableLines: 3,
          filesUncovered: 0,
          filesWithLowCoverage: 1,
          status: "UpToDate",
          lastCommitWithCoverage: added.git.mainSha
        })
        const shown = Http.expectBody(yield* Http.get(paths.repository(org, "covered"), { token }), 200, RepositoryData).data
        expect(shown.coverage).toEqual(data)
        // Coverage now weighs in the grade (66 % against the 60 % goal is met: the score can only rise).
        expect(shown.grade ?? 0).toBeGreaterThanOrEqual(analysedFirst.grade ?? 0)
        const page = Http.expectBody(yield* Http.get(paths.repositories(org), { token }), 200, RepositoryPage)
        expect(page.data[0]?.coverage).toEqual(data)
      }))

    it.effect("answers 400 to a short commit id, an unreadable report or an unknown format; 403 to a read token", () =>
      Effect.gen(function*() {
        const org = newOrganization()
        const added = yield* addRepository(org, "refused")
        const reader = yield* issueToken(org, "read")
        const body = { commitSha: added.git.mainSha, format: "lcov", report: lcov }
        const short = yield* Http.post(paths.coverage(org, "refused"), { token: adminToken, json: { ...body, commitSha: "abc1234" } })
        expect(yield* Http.expectError(short, "BadRequest")).toContain("commitSha")
        const broken = yield* Http.post(paths.coverage(org, "refused"), { token: adminToken, json: { ...body, report: "SF:a.js\nDA:x\n" } })
        expect(yield* Http.expectError(broken, "BadRequest")).toContain("invalid LCOV report at line 2")
        yield* Http.expectError(yield* Http.post(paths.coverage(org, "refused"), { token: adminToken, json: { ...body, format: "jacoco" } }), "BadRequest")
        yield* Http.expectError(yield* Http.post(paths.coverage(org, "refused"), { token: reader, json: body }), "Forbidden")
        yield* Http.expectError(yield* Http.post(paths.coverage(org, "missing"), { token: adminToken, json: body }), "NotFound")
      }))
  })

  describe("goals (our extension)", () => {
    it.effect("PATCH changes the fields given, answers all goals, and the repository's grade follows at once", () =>
      Effect.gen(function*() {
        const org = newOrganization()
        const token = yield* issueToken(org)
        const added = yield* addRepository(org, "goals", { files })
        const before = yield* analysed(org, "goals", token, added.git.mainSha)
        // One complex file of four (25 %) fails the default 10 %; a threshold of 30 makes it simple.
        const reply = yield* Http.patch(paths.goals(org, "goals"), {
          token,
          json: { maxIssuePercentage: 100, maxComplexFilesPercentage: 30 }
        })
        const { data } = Http.expectBody(reply, 200, GoalsBody)
        expect(data).toEqual({
          maxIssuePercentage: 100,
          maxDuplicatedFilesPercentage: 10,
          minCoveragePercentage: 60,
          maxComplexFilesPercentage: 30,
          fileDuplicationBlockThreshold: 1,
          fileComplexityValueThreshold: 20
        })
        const after = Http.expectBody(yield* Http.get(paths.repository(org, "goals"), { token }), 200, RepositoryData).data
        expect(after.goals).toEqual(data)
        expect(after.grade).toBe(100)
        expect(after.grade).toBeGreaterThan(before.grade ?? 100)
      }))

    it.effect("answers 400 to a value out of range, 403 to a read token", () =>
      Effect.gen(function*() {
        const org = newOrganization()
        yield* addRepository(org, "bounded")
        const reader = yield* issueToken(org, "read")
        const out = yield* Http.patch(paths.goals(org, "bounded"), { token: adminToken, json: { maxIssuePercentage: 101 } })
        expect(yield* Http.expectError(out, "BadRequest")).toContain("maxIssuePercentage")
        yield* Http.expectError(yield* Http.patch(paths.goals(org, "bounded"), { token: adminToken, json: { fileComplexityValueThreshold: 1.5 } }), "BadRequest")
        yield* Http.expectError(yield* Http.patch(paths.goals(org, "bounded"), { token: reader, json: { maxIssuePercentage: 1 } }), "Forbidden")
      }))
  })

  describe("SARIF import (our extension)", () => {
    /** Semgrep found an error (its rule's default level) and a note; Trivy ran and found nothing. */
    const sarif = JSON.stringify({
      version: "2.1.0",
      runs: [
        {
          tool: { driver: { name: "Semgrep", rules: [{ id: "js.eval", defaultConfiguration: { level: "error" } }] } },
          results: [
            {
              ruleId: "js.eval",
              message: { text: "eval is dangerous" },
              locations: [{ physicalLocation: { artifactLocation: { uri: "src/index.js" }, region: { startLine: 1 } } }]
            },
            { ruleId: "js.style", level: "note", message: { text: "style" } }
          ]
        },
        { tool: { driver: { name: "Trivy" } }, results: [] }
      ]
    })

    it.effect("answers 201 with the count per tool; the results add to the analysed commit's issues", () =>
      Effect.gen(function*() {
        const org = newOrganization()
        const token = yield* issueToken(org)
        const added = yield* addRepository(org, "sarif", { files })
        const before = yield* analysed(org, "sarif", token, added.git.mainSha)
        const reply = yield* Http.post(paths.sarif(org, "sarif"), { token, json: { commitSha: added.git.mainSha, sarif } })
        expect(Http.expectBody(reply, 201, ImportedBody).data).toEqual([
          { tool: "Semgrep", issuesCount: 2 },
          { tool: "Trivy", issuesCount: 0 }
        ])
        const after = Http.expectBody(yield* Http.get(paths.repository(org, "sarif"), { token }), 200, RepositoryData).data
        expect(after.issuesCount).toBe((before.issuesCount ?? 0) + 2)
        expect(after.issuesPercentage ?? 0).toBeGreaterThanOrEqual(before.issuesPercentage ?? 0)
      }))

    it.effect("answers 400 to a log that is not SARIF 2.1.0 or a short commit id", () =>
      Effect.gen(function*() {
        const org = newOrganization()
        const added = yield* addRepository(org, "refused")
        const notSarif = yield* Http.post(paths.sarif(org, "refused"), {
          token: adminToken,
          json: { commitSha: added.git.mainSha, sarif: JSON.stringify({ version: "2.0.0", runs: [] }) }
        })
        expect(yield* Http.expectError(notSarif, "BadRequest")).toContain("invalid SARIF 2.1.0 log")
        const short = yield* Http.post(paths.sarif(org, "refused"), { token: adminToken, json: { commitSha: "abc", sarif } })
        expect(yield* Http.expectError(short, "BadRequest")).toContain("commitSha")
      }))
  })
})
