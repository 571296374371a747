import { describe, expect, it } from "@effect/vitest"
import {
  type AnalysisResults,
  Bodies,
  Organizations,
  Repositories,
  Repository,
  Secrets,
  ToolConfiguration,
  TreeAnalyses
} from "@tidemark/core"
import { Effect, Either, Layer, Ref, TestClock } from "effect"
import { AnalyzerDefect, Calls, workerLayer } from "./fixtures/FakeAnalysis.js"
import { developHead, featureHead, mainHead } from "./fixtures/FakeGitReader.js"
import { storedRepository } from "./fixtures/AddedRepositoryRecords.js"
import { lintAPatternIds, lintAUuid, pyCheckUuid } from "./fixtures/TestCatalogue.js"
import { acme, addRepository, adminCaller, allowConfigurationFiles, repo } from "./fixtures/TestLayer.js"

const withTrees = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.provide(effect, TreeAnalyses.TreeAnalyses.Default.pipe(Layer.provideMerge(workerLayer)))

const widgets = Effect.zipRight(addRepository("widgets"), storedRepository("widgets"))

const configure = (toolUuid: string, body: ConstructorParameters<typeof Bodies.ConfigureToolBody>[0]) =>
  Effect.flatMap(ToolConfiguration.ToolConfiguration, (t) => t.configureTool(adminCaller, repo("widgets"), toolUuid, new Bodies.ConfigureToolBody(body)))

const problem = (code: string, severity: string, message: string) => new Repository.Problem({ code, severity, message, actions: [] })

/** What the fake analyzer was asked, each call: the root and each tool's uuid, configuration-file use and enabled patterns. */
const asked = Effect.map(Effect.flatMap(Calls, Ref.get), (calls) =>
  calls.map(({ root, settings }) => [root, settings.tools.map((t) => [t.uuid, t.usesConfigurationFile, t.patterns.map((p) => p.id)])]))

const codes = (problems: ReadonlyArray<Repository.Problem>) => problems.map((p) => [p.code, p.severity])

describe("TreeAnalyses.tree", () => {
  it.effect("checks the commit out and analyses it with the enabled server-side tools and their enabled patterns; rows get their identity", () =>
    withTrees(Effect.gen(function*() {
      const repository = yield* widgets
      // PyCheck is enabled but runs on the client: it is not the server's to analyse with.
      yield* configure(pyCheckUuid, { enabled: true })
      yield* TestClock.setTime(Date.parse("2024-06-01T08:00:00Z"))
      const { results, startedAnalysis } = yield* Effect.flatMap(TreeAnalyses.TreeAnalyses, (trees) => trees.tree(repository, mainHead.sha))
      expect(startedAnalysis).toBe("2024-06-01T08:00:00.000Z")
      expect(yield* asked).toEqual([[
        `/checkouts/${mainHead.sha}`,
        [[lintAUuid, false, ["LintA_no-eval", "LintA_no-unused-vars", "LintA_py-compat"]]]
      ]])
      const [call] = yield* Effect.flatMap(Calls, Ref.get)
      expect(call?.settings.goals).toEqual(repository.goals)
      // Every pattern of the tool, enabled or not, to describe the issues its configuration file may turn on.
      expect(call?.settings.tools[0]?.knownPatterns?.map((p) => p.id).toSorted()).toEqual([...lintAPatternIds])
      const rows = Either.getOrThrow(results)
      expect(rows.files.map((f) => [f.path, f.totalIssues])).toEqual([["src/app.ts", 3]])
      expect(rows.clones).toEqual([])
      const first = rows.issues[0]
      const hash = yield* Secrets.sha256Hex([lintAUuid, "LintA_no-eval", "src/app.ts", "line 1", "0"].join("\u0000"))
      expect([first?.patternId, first?.line, first?.issueId, first?.resultDataId]).toEqual([
        "LintA_no-eval",
        1,
        hash.slice(0, 16),
        Number.parseInt(hash.slice(0, 13), 16)
      ])
      expect(new Set(rows.issues.map((i) => i.issueId)).size).toBe(3)
    })))

  it.effect("a commit that cannot be checked out, or that the analyser fails on, gives the problem that stopped it and no rows", () =>
    withTrees(Effect.gen(function*() {
      const repository = yield* widgets
      const trees = yield* TreeAnalyses.TreeAnalyses
      const unfetched = yield* trees.tree(repository, developHead.sha)
      // The problem says what adding the repository says, not what git answered.
      expect(unfetched.results).toEqual(Either.left([problem("failed_to_clone", "all_analysis", Repositories.couldNotClone(repository.gitUrl))]))
      const failed = yield* trees.tree(repository, featureHead.sha)
      // The checkout's directory is not shown: the paths read as the repository's own.
      expect(failed.results).toEqual(Either.left([
        problem("analysis_failed", "all_analysis", "analysis failed: the parser ran out of memory in src/big.ts (under .)")
      ]))
    })))

  it.effect("an analyser that throws fails the analysis with what it threw, not the worker", () =>
    withTrees(Effect.gen(function*() {
      const repository = yield* widgets
      yield* Effect.flatMap(AnalyzerDefect, (defect) => Ref.set(defect, new RangeError("Maximum call stack size exceeded\n    at parse")))
      const { results } = yield* Effect.flatMap(TreeAnalyses.TreeAnalyses, (trees) => trees.tree(repository, mainHead.sha))
      expect(results).toEqual(Either.left([
        problem("analysis_failed", "all_analysis", "The analyser failed unexpectedly: RangeError: Maximum call stack size exceeded")
      ]))
    })))
})

describe("TreeAnalyses.analyse", () => {
  it.effect("with no tool enabled the tree is analysed all the same, and tells that issues are not measured", () =>
    withTrees(Effect.gen(function*() {
      const repository = yield* widgets
      yield* configure(lintAUuid, { enabled: false })
      const { outcome, problems } = yield* Effect.flatMap(TreeAnalyses.TreeAnalyses, (trees) => trees.analyse(repository, mainHead.sha))
      expect(Either.isRight(outcome)).toBe(true)
      expect(problems).toEqual([problem("no_enabled_tools", "some_analysis", "No analysis tool is enabled: issues are not measured")])
      expect(yield* asked).toEqual([[`/checkouts/${mainHead.sha}`, []]])
    })))

  it.effect("a tool set to use the repository's configuration file uses it only while the organization allows it, checked at each analysis", () =>
    withTrees(Effect.gen(function*() {
      const repository = yield* widgets
      yield* allowConfigurationFiles()
      yield* configure(lintAUuid, { useConfigurationFile: true })
      const trees = yield* TreeAnalyses.TreeAnalyses
      const allowed = yield* trees.analyse(repository, mainHead.sha)
      expect(allowed.problems).toEqual([])
      // The admin withdraws the permission: the enabled patterns are used instead, and the analysis says so.
      yield* Effect.flatMap(Organizations.Organizations, (o) => o.updateSettings(adminCaller, acme, { allowConfigurationFiles: false }))
      const refused = yield* trees.analyse(repository, mainHead.sha)
      expect(codes(refused.problems)).toEqual([["configuration_file_not_allowed", "some_analysis"]])
      expect((yield* asked).map(([, tools]) => tools)).toEqual([
        [[lintAUuid, true, ["LintA_no-eval", "LintA_no-unused-vars", "LintA_py-compat"]]],
        [[lintAUuid, false, ["LintA_no-eval", "LintA_no-unused-vars", "LintA_py-compat"]]]
      ])
      // A stopped analysis tells both.
      const failed = yield* trees.analyse(repository, featureHead.sha)
      expect(codes(failed.problems)).toEqual([["analysis_failed", "all_analysis"], ["configuration_file_not_allowed", "some_analysis"]])
    })))

  it.effect("a job that stopped the analyser too often is not analysed again: its problem says how many times", () =>
    withTrees(Effect.gen(function*() {
      const repository = yield* widgets
      const { outcome, problems } = yield* Effect.flatMap(TreeAnalyses.TreeAnalyses, (trees) => trees.analyse(repository, mainHead.sha)).pipe(
        Effect.locally(TreeAnalyses.stoppedDeliveries, 4)
      )
      expect(Either.isLeft(outcome)).toBe(true)
      expect(problems).toEqual([problem(
        "analysis_stopped",
        "all_analysis",
        "This commit stopped the analyser 4 times (its process ended or froze before the analysis finished): it is not analysed again"
      )])
      expect(yield* asked).toEqual([])
    })))
})

const finding = (line: number, lineText: string, filePath = "src/app.ts"): AnalysisResults.IssueFinding => ({
  toolUuid: lintAUuid,
  toolName: "LintA",
  patternId: "LintA_no-eval",
  patternTitle: "Disallow eval",
  category: "Security",
  level: "Error",
  filePath,
  language: "TypeScript",
  line,
  lineText,
  message: "eval"
})

describe("issueIdentity and withoutCheckoutRoot", () => {
  it.effect("an issue keeps its id when its line moves or its indentation changes; two equal lines keep two ids", () =>
    Effect.gen(function*() {
      const ids = (findings: ReadonlyArray<AnalysisResults.IssueFinding>) => Effect.map(TreeAnalyses.issueIdentity(findings), (issues) => issues.map((i) => i.issueId))
      const [before] = yield* ids([finding(3, "eval(x)")])
      const [moved] = yield* ids([finding(30, "    eval(x)  ")])
      expect(moved).toBe(before)
      const twice = yield* ids([finding(3, "eval(x)"), finding(9, "eval(x)")])
      expect(twice[0]).toBe(before)
      expect(twice[1]).not.toBe(before)
      const [elsewhere] = yield* ids([finding(3, "eval(x)", "src/other.ts")])
      expect(elsewhere).not.toBe(before)
      // resultDataId is the same identity, a number a JavaScript client reads exactly.
      const [issue] = yield* TreeAnalyses.issueIdentity([finding(3, "eval(x)")])
      expect(issue?.resultDataId).toBe(Number.parseInt(before?.slice(0, 13) ?? "", 16))
      expect(Number.isSafeInteger(issue?.resultDataId)).toBe(true)
    }))

  it("the checkout's directory is taken out of an analyser's message", () => {
    expect(TreeAnalyses.withoutCheckoutRoot("cannot parse /tmp/co/1/src/a.js in /tmp/co/1", "/tmp/co/1")).toBe("cannot parse src/a.js in .")
  })
})
