/**
 * Issue 14: a real git repository driven through commits, branches and pull requests, analysed by
 * the real analyzer on every storage. What each change added and fixed is exact for hand-made
 * changes: a line that only moved is not new, the target's later commits are not the pull
 * request's, and the gate's verdict follows the gate as it is now.
 */
import { describe, expect, layer } from "@effect/vitest"
import { ChangeViews } from "@tidemark/core"
import { Effect, Schedule, Schema } from "effect"
import {
  ClonePageBody,
  CommitPage,
  CoverageStatusBody,
  DeltaIssuePage,
  DiffBody,
  FileDeltaPage,
  FilesCoverageBody,
  PullRequestCoverageBody,
  PullRequestPage
} from "./fixtures/Bodies.js"
import { clonedBlock, commitOn } from "./fixtures/GitRepositories.js"
import * as Http from "./fixtures/Http.js"
import { addRepository, issueToken, newOrganization, once, type Organization, paths, untilAnalysed } from "./fixtures/Scenario.js"
import { analysingTestLayer } from "./fixtures/TestLayer.js"


const firstFiles = {
  "src/a.js": "const unused = 1\nexport const answer = () => 42\n",
  "src/b.js": "export const f = () => missing\n"
}

/** Two lines above a.js's issue (it moves, it is not new), b.js's issue fixed, c.js's issue added. */
const secondFiles = {
  "src/a.js": "// header\n// more\nconst unused = 1\nexport const answer = () => 42\n",
  "src/b.js": "export const f = () => 1\n",
  "src/c.js": "let other = 2\nexport const g = () => 3\n"
}

/** The pull request: a.js's unused constant removed (fixed), an undefined name added (new), a clone between two new files. */
const featureFiles = {
  "src/a.js": "// header\n// more\nexport const answer = () => 42\nexport const h = () => nope\n",
  "src/copy1.js": clonedBlock,
  "src/copy2.js": `// the same again\n${clonedBlock}`
}

const pullRequestsPath = (org: Organization, name: string) => `${paths.repository(org, name)}/pull-requests`
const commitsPath = (org: Organization, name: string) => `${paths.repository(org, name)}/commits`

/** Waits until the pull request's analysis of its current head is there. */
const analysedPullRequest = (org: Organization, token: string, number: number, repository = "app") =>
  Http.get(`${pullRequestsPath(org, repository)}/${number}`, { token }).pipe(
    Effect.map((reply) => Http.expectBody(reply, 200, ChangeViews.PullRequestWithAnalysis)),
    Effect.filterOrFail((pr) => !pr.isAnalysing, () => "still analysing"),
    Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("90 seconds")))
  )

const issueLines = (page: typeof DeltaIssuePage.Type) =>
  page.data.map((d) => [d.deltaType, d.commitIssue.filePath, d.commitIssue.lineNumber, d.commitIssue.patternInfo.id])

const setup = once(Effect.gen(function*() {
  const org = newOrganization("changes")
  const token = yield* issueToken(org)
  const added = yield* addRepository(org, "app", { files: firstFiles })
  const firstSha = added.git.mainSha
  yield* untilAnalysed(org, "app", token, firstSha)
  const secondSha = yield* commitOn(added.git, "main", { ...secondFiles })
  // Adding the repository again refreshes it and analyses its default branch's new head.
  yield* addRepository(org, "app", { reuse: added.git })
  yield* untilAnalysed(org, "app", token, secondSha)
  const featureSha = yield* commitOn(added.git, "topic/x", featureFiles, "main")
  // The target moves on after the branch was made: its new issue is not the pull request's.
  yield* commitOn(added.git, "main", { "src/d.js": "export const k = () => later\n" })
  const opened = yield* Http.put(`${pullRequestsPath(org, "app")}/7`, {
    token,
    json: { title: "Feature X", originBranch: "topic/x", targetBranch: "main" }
  })
  const answer = Http.expectBody(opened, 200, ChangeViews.PullRequestWithAnalysis)
  const pullRequest = yield* analysedPullRequest(org, token, 7)
  return { org, token, git: added.git, firstSha, secondSha, featureSha, answer, pullRequest }
}))

/** koajs/koa's case: two equal lines with the same issue; the pull request removes the first. */
const twoEqualLines = once(Effect.gen(function*() {
  const org = newOrganization("equal-lines")
  const token = yield* issueToken(org)
  const added = yield* addRepository(org, "koa", {
    files: { "lib/request.js": "export const first = () => {\n  nope()\n}\nexport const second = () => {\n  nope()\n}\n" }
  })
  yield* untilAnalysed(org, "koa", token, added.git.mainSha)
  yield* commitOn(added.git, "topic/first", { "lib/request.js": "export const first = () => {\n}\nexport const second = () => {\n  nope()\n}\n" }, "main")
  yield* Http.put(`${pullRequestsPath(org, "koa")}/1`, { token, json: { title: "No nope", originBranch: "topic/first", targetBranch: "main" } })
  const pullRequest = yield* analysedPullRequest(org, token, 1, "koa")
  const issues = Http.expectBody(yield* Http.get(`${pullRequestsPath(org, "koa")}/1/issues`, { token }), 200, DeltaIssuePage)
  return { pullRequest, issues }
}))

/**
 * The first test to ask for `setup` waits for its three analyses (the main branch twice, a pull
 * request), each reading the tree, linting, scanning for secrets and reading lockfiles.
 */
const setupTimeout = 90_000

layer(analysingTestLayer, { excludeTestServices: true, timeout: "180 seconds" })("commits and pull requests", (it) => {
  describe("commits", () => {
    it.effect("a commit's delta against its branch's previous analysis: a moved line is not new; new and fixed are exact", () =>
      Effect.gen(function*() {
        const { org, secondSha, token } = yield* setup
        const stats = Http.expectBody(yield* Http.get(`${commitsPath(org, "app")}/${secondSha}/deltaStatistics`, { token }), 200, ChangeViews.CommitDeltaStatistics)
        expect(stats).toMatchObject({ commitUuid: secondSha, newIssues: 1, fixedIssues: 1, analyzed: true })
        const all = Http.expectBody(yield* Http.get(`${commitsPath(org, "app")}/${secondSha}/deltaIssues`, { token }), 200, DeltaIssuePage)
        expect(all.analyzed).toBe(true)
        expect(issueLines(all)).toEqual([
          ["Added", "src/c.js", 1, "ESLint9_no-unused-vars"],
          ["Fixed", "src/b.js", 1, "ESLint9_no-undef"]
        ])
        // The added issue is in the commit; the fixed one was in the commit before it.
        expect(all.data.map((d) => d.commitIssue.commitInfo?.sha)).toEqual([secondSha, (yield* setup).firstSha])
        const fixed = Http.expectBody(
          yield* Http.get(`${commitsPath(org, "app")}/${secondSha}/deltaIssues`, { token, query: { status: "fixed" } }),
          200,
          DeltaIssuePage
        )
        expect(issueLines(fixed)).toEqual([["Fixed", "src/b.js", 1, "ESLint9_no-undef"]])
      }), setupTimeout)

    it.effect("the commit list of a branch, the latest analysis first, each with what it changed and the commit gate's verdict", () =>
      Effect.gen(function*() {
        const { firstSha, org, secondSha, token } = yield* setup
        const page = Http.expectBody(yield* Http.get(commitsPath(org, "app"), { token, query: { branch: "main" } }), 200, CommitPage)
        const shas = page.data.map((c) => c.commit.sha)
        expect(shas.indexOf(secondSha)).toBeLessThan(shas.indexOf(firstSha))
        const second = page.data.find((c) => c.commit.sha === secondSha)
        expect(second?.quality).toMatchObject({ newIssues: 1, fixedIssues: 1, isUpToStandards: false })
        expect(second?.quality?.resultReasons?.map((r) => [r.gate, r.isUpToStandards])).toEqual([["issueThreshold", false]])
        // The first analysis of a branch has nothing to compare with.
        expect(page.data.find((c) => c.commit.sha === firstSha)?.quality).toMatchObject({ newIssues: 0, fixedIssues: 0, isUpToStandards: true })
        const one = Http.expectBody(yield* Http.get(`${commitsPath(org, "app")}/${secondSha}`, { token }), 200, ChangeViews.CommitWithAnalysis)
        expect(one).toStrictEqual(second)
        const limited = Http.expectBody(yield* Http.get(commitsPath(org, "app"), { token, query: { limit: "1" } }), 200, CommitPage)
        expect(limited.data).toHaveLength(1)
        const rest = Http.expectBody(
          yield* Http.get(commitsPath(org, "app"), { token, query: { limit: "1", cursor: limited.pagination.cursor ?? "" } }),
          200,
          CommitPage
        )
        expect(rest.data[0]?.commit.sha).not.toBe(limited.data[0]?.commit.sha)
      }), setupTimeout)

    it.effect("an unknown commit is 404 everywhere; an unknown branch is 404", () =>
      Effect.gen(function*() {
        const { org, token } = yield* setup
        const unknown = "0123456789abcdef0123456789abcdef01234567"
        yield* Http.expectError(yield* Http.get(`${commitsPath(org, "app")}/${unknown}`, { token }), "NotFound")
        yield* Http.expectError(yield* Http.get(`${commitsPath(org, "app")}/${unknown}/deltaStatistics`, { token }), "NotFound")
        yield* Http.expectError(yield* Http.get(`${commitsPath(org, "app")}/${unknown}/deltaIssues`, { token }), "NotFound")
        yield* Http.expectError(yield* Http.get(commitsPath(org, "app"), { token, query: { branch: "nope" } }), "NotFound")
      }))
  })

  describe("pull requests", () => {
    it.effect("a pull request is its head against the common ancestor with its target: new and fixed issues, new clones, the gate", () =>
      Effect.gen(function*() {
        const { answer, featureSha, pullRequest, secondSha } = yield* setup
        expect(answer.pullRequest).toMatchObject({ number: 7, title: "Feature X", originBranch: "topic/x", targetBranch: "main", status: "open" })
        expect(pullRequest.pullRequest).toMatchObject({
          number: 7,
          headCommitSha: featureSha,
          commonAncestorCommitSha: secondSha,
          gitHref: expect.stringMatching(/\/pull\/7$/)
        })
        expect(pullRequest).toMatchObject({ isAnalysing: false, newIssues: 1, fixedIssues: 1, deltaClonesCount: 1, isUpToStandards: false })
        expect(pullRequest.meta).toEqual({ analyzable: true })
        expect(pullRequest.quality?.resultReasons?.map((r) => [r.gate, r.expected, r.isUpToStandards])).toEqual([["issueThreshold", 0, false]])
        // No coverage was uploaded for the head: diff coverage cannot be told.
        expect(pullRequest.coverage?.diffCoverage?.cause).toBe("MissingRequirements")
      }), setupTimeout)

    it.effect("of two equal lines with the same issue, the one removed is fixed at its line; the other is not new", () =>
      Effect.gen(function*() {
        const { issues, pullRequest } = yield* twoEqualLines
        expect(pullRequest).toMatchObject({ newIssues: 0, fixedIssues: 1 })
        expect(issueLines(issues)).toEqual([["Fixed", "lib/request.js", 2, "ESLint9_no-undef"]])
      }))

    it.effect("its issues: added as the head has them, fixed as the ancestor had them; by status", () =>
      Effect.gen(function*() {
        const { org, token } = yield* setup
        const issuesPath = `${pullRequestsPath(org, "app")}/7/issues`
        const all = Http.expectBody(yield* Http.get(issuesPath, { token }), 200, DeltaIssuePage)
        expect(all.analyzed).toBe(true)
        expect(issueLines(all)).toEqual([
          ["Added", "src/a.js", 4, "ESLint9_no-undef"],
          ["Fixed", "src/a.js", 3, "ESLint9_no-unused-vars"]
        ])
        // The target's later commit (src/d.js) is not the pull request's.
        expect(all.data.some((d) => d.commitIssue.filePath === "src/d.js")).toBe(false)
        const added = Http.expectBody(yield* Http.get(issuesPath, { token, query: { status: "new" } }), 200, DeltaIssuePage)
        expect(issueLines(added)).toEqual([["Added", "src/a.js", 4, "ESLint9_no-undef"]])
        expect(added.data[0]?.commitIssue.lineText).toBe("export const h = () => nope")
        const potential = Http.expectBody(yield* Http.get(issuesPath, { token, query: { onlyPotential: "true" } }), 200, DeltaIssuePage)
        expect(potential.data).toEqual([])
        yield* Http.expectError(yield* Http.get(issuesPath, { token, query: { status: "old" } }), "BadRequest")
      }))

    it.effect("changing the gate judges the pull request again at once, without analysing it again", () =>
      Effect.gen(function*() {
        const { org, pullRequest, token } = yield* setup
        const gatePath = paths.qualitySettings(org, "app", "pull-requests")
        Http.expectBody(yield* Http.put(gatePath, { token, json: { issueThreshold: { threshold: 1 } } }), 200, Schema.Unknown)
        const after = Http.expectBody(yield* Http.get(`${pullRequestsPath(org, "app")}/7`, { token }), 200, ChangeViews.PullRequestWithAnalysis)
        expect(after.isUpToStandards).toBe(true)
        expect(after.quality?.resultReasons?.map((r) => [r.gate, r.expected, r.isUpToStandards])).toEqual([["issueThreshold", 1, true]])
        expect(after.pullRequest.headCommitSha).toBe(pullRequest.pullRequest.headCommitSha)
        yield* Http.post(`${gatePath}/reset`, { token })
      }))

    it.effect("lists: the repository's analysed pull requests, and the organization's", () =>
      Effect.gen(function*() {
        const { org, token } = yield* setup
        const page = Http.expectBody(yield* Http.get(pullRequestsPath(org, "app"), { token }), 200, PullRequestPage)
        expect(page.data.map((p) => p.pullRequest.number)).toContain(7)
        const organization = Http.expectBody(
          yield* Http.get(`/api/v3/analysis/organizations/${org.provider}/${org.name}/pull-requests`, { token }),
          200,
          PullRequestPage
        )
        expect(organization.data.map((p) => [p.pullRequest.repository, p.pullRequest.number])).toContainEqual(["app", 7])
        const searched = Http.expectBody(yield* Http.get(pullRequestsPath(org, "app"), { token, query: { search: "nothing like it" } }), 200, PullRequestPage)
        expect(searched.data).toEqual([])
      }))

    it.effect("its files, clones, commits and diff; a commit's files and diff", () =>
      Effect.gen(function*() {
        const { featureSha, org, secondSha, token } = yield* setup
        const pullPath = `${pullRequestsPath(org, "app")}/7`
        const files = Http.expectBody(yield* Http.get(`${pullPath}/files`, { token }), 200, FileDeltaPage)
        expect(files.data.map((f) => [f.file.path, f.quality?.deltaNewIssues, f.quality?.deltaFixedIssues, f.quality?.deltaClonesCount])).toEqual([
          ["src/a.js", 1, 1, 0],
          ["src/copy1.js", 0, 0, 1],
          ["src/copy2.js", 0, 0, 1]
        ])
        expect(files.data.every((f) => f.file.commitSha === featureSha)).toBe(true)
        const clones = Http.expectBody(yield* Http.get(`${pullPath}/clones`, { token }), 200, ClonePageBody)
        expect(clones.data.map((c) => [c.status, c.clones.map((b) => b.path)])).toEqual([["Added", ["src/copy1.js", "src/copy2.js"]]])
        const fixedClones = Http.expectBody(yield* Http.get(`${pullPath}/clones`, { token, query: { status: "fixed" } }), 200, ClonePageBody)
        expect(fixedClones.data).toEqual([])
        const commits = Http.expectBody(yield* Http.get(`${pullPath}/commits`, { token }), 200, CommitPage)
        expect(commits.data.map((c) => c.commit.sha)).toEqual([featureSha])
        const diff = Http.expectBody(yield* Http.get(paths.pullRequestDiff(org, "app", 7), { token }), 200, DiffBody)
        expect(diff.diff).toContain("+export const h = () => nope")
        expect(diff.diff).toContain("-const unused = 1")
        expect(diff.diff).not.toContain("src/d.js")

        const commitFiles = Http.expectBody(yield* Http.get(`${commitsPath(org, "app")}/${secondSha}/files`, { token }), 200, FileDeltaPage)
        expect(commitFiles.data.map((f) => [f.file.path, f.quality?.deltaNewIssues, f.quality?.deltaFixedIssues])).toEqual([
          ["src/a.js", 0, 0],
          ["src/b.js", 0, 1],
          ["src/c.js", 1, 0]
        ])
        const commitDiff = Http.expectBody(yield* Http.get(paths.commitDiff(org, "app", secondSha), { token }), 200, DiffBody)
        expect(commitDiff.diff).toContain("+let other = 2")
        const firstDiff = Http.expectBody(yield* Http.get(paths.commitDiff(org, "app", (yield* setup).firstSha), { token }), 200, DiffBody)
        expect(firstDiff.diff).toContain("+export const f = () => missing")
      }))

    it.effect("coverage uploaded for the head: diff coverage of the added lines, per file with their hits, and the gate's coverage rule", () =>
      Effect.gen(function*() {
        const { featureSha, org, token } = yield* setup
        // a.js's added line 4 never ran; copy1.js's first two lines ran; copy2.js is not in the report.
        const lcov = ["SF:/ci/src/a.js", "DA:3,1", "DA:4,0", "end_of_record", "SF:/ci/src/copy1.js", "DA:1,2", "DA:2,5", "end_of_record", ""].join("\n")
        const uploaded = yield* Http.post(paths.coverage(org, "app"), { token, json: { commitSha: featureSha, format: "lcov", report: lcov, root: "/ci" } })
        expect(uploaded.status).toBe(201)
        const coverage = Http.expectBody(yield* Http.get(paths.pullRequestCoverage(org, "app", 7), { token }), 200, PullRequestCoverageBody)
        expect(coverage.data.coverage.diffCoverage).toEqual({ cause: "ValueIsPresent", value: 66.67, coveredLines: 2, coverableLines: 3 })
        const perFile = Http.expectBody(yield* Http.get(`${paths.pullRequestCoverage(org, "app", 7)}/files`, { token }), 200, FilesCoverageBody)
        expect(perFile.data.map((f) => [f.fileName, f.coverage, f.diff?.value, f.diffLineHits.map((h) => [h.lineNumber, h.hits])])).toEqual([
          ["src/a.js", 50, 0, [["4", 0]]],
          ["src/copy1.js", 100, 100, [["1", 2], ["2", 5]]]
        ])
        const gatePath = paths.qualitySettings(org, "app", "pull-requests")
        yield* Http.put(gatePath, { token, json: { issueThreshold: { threshold: 5 }, diffCoverageThreshold: 70 } })
        const judged = Http.expectBody(yield* Http.get(`${pullRequestsPath(org, "app")}/7`, { token }), 200, ChangeViews.PullRequestWithAnalysis)
        expect(judged.diffCoverage).toBe(66.67)
        expect(judged.coverage?.resultReasons?.map((r) => [r.gate, r.expected, r.isUpToStandards])).toEqual([["diffCoverageThreshold", 70, false]])
        expect([judged.quality?.isUpToStandards, judged.isUpToStandards]).toEqual([true, false])
        const status = Http.expectBody(yield* Http.get(`${pullRequestsPath(org, "app")}/7/coverage/status`, { token }), 200, CoverageStatusBody)
        expect(status.data.headCommit.commitSha).toBe(featureSha)
        expect(status.data.headCommit.reports.map((r) => r.targetCommitSha)).toEqual([featureSha])
        expect(status.data.commonAncestorCommit.reports).toEqual([])
        yield* Http.post(`${gatePath}/reset`, { token })
      }))

    it.effect("branches that do not exist: stored, shown with the analysis problem, never a 500; unknown pull requests are 404", () =>
      Effect.gen(function*() {
        const { org, token } = yield* setup
        const noOrigin = Http.expectBody(
          yield* Http.put(`${pullRequestsPath(org, "app")}/8`, { token, json: { title: "Ghost", originBranch: "nope", targetBranch: "main" } }),
          200,
          ChangeViews.PullRequestWithAnalysis
        )
        expect(noOrigin).toMatchObject({ isAnalysing: false, meta: { analyzable: false } })
        expect(noOrigin.meta.reason).toContain("nope")
        yield* Http.put(`${pullRequestsPath(org, "app")}/9`, { token, json: { title: "Lost", originBranch: "topic/x", targetBranch: "gone" } })
        const noTarget = yield* analysedPullRequest(org, token, 9)
        expect(noTarget.meta.analyzable).toBe(false)
        expect(noTarget.meta.reason).toContain("gone")
        expect(noTarget.newIssues).toBeUndefined()
        // Not analysed pull requests are listed only when asked for.
        const listed = Http.expectBody(yield* Http.get(pullRequestsPath(org, "app"), { token }), 200, PullRequestPage)
        expect(listed.data.map((p) => p.pullRequest.number)).not.toContain(8)
        const everyOne = Http.expectBody(
          yield* Http.get(pullRequestsPath(org, "app"), { token, query: { includeNotAnalyzed: "true" } }),
          200,
          PullRequestPage
        )
        expect(everyOne.data.map((p) => p.pullRequest.number)).toEqual(expect.arrayContaining([7, 8, 9]))

        yield* Http.expectError(yield* Http.get(`${pullRequestsPath(org, "app")}/999`, { token }), "NotFound")
        yield* Http.expectError(yield* Http.get(`${pullRequestsPath(org, "app")}/999/issues`, { token }), "NotFound")
        yield* Http.expectError(yield* Http.get(`${pullRequestsPath(org, "app")}/x`, { token }), "BadRequest")
        yield* Http.expectError(yield* Http.put(`${pullRequestsPath(org, "app")}/10`, { token, json: { title: "No branches" } }), "BadRequest")
        const readOnly = yield* issueToken(org, "read")
        yield* Http.expectError(
          yield* Http.put(`${pullRequestsPath(org, "app")}/11`, { token: readOnly, json: { title: "T", originBranch: "topic/x", targetBranch: "main" } }),
          "Forbidden"
        )
      }))
  })
})
