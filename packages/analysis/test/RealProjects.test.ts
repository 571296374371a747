import { FileSystem } from "@effect/platform"
import { NodeContext } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Goals, IssueLoad } from "@tidemark/core"
import { Effect } from "effect"
import globals from "globals"
import {
  analyzeTree,
  type Issue,
  isIgnoredByDefault,
  lintTree,
  loadGrammars,
  MemoryAnalysisCache,
  testFrameworksOf,
  TreeAnalyzer
} from "../src/index.js"
import { defaultEslint9Rules, defaultEslint9Tool, ensureRealProject, realProjects } from "./RealProjects.js"

/** The tree's measures and issues as the worker gets them, and the test frameworks found. */
const analysed = (root: string) =>
  Effect.gen(function*() {
    const grammars = yield* loadGrammars
    const tree = yield* analyzeTree(root, grammars).pipe(Effect.provide(MemoryAnalysisCache.layer))
    const linted = yield* lintTree(root, tree.lintSources, { rules: defaultEslint9Rules, useConfigurationFile: false })
    const fs = yield* FileSystem.FileSystem
    const port = yield* TreeAnalyzer.make({ cacheDirectory: yield* fs.makeTempDirectoryScoped({ prefix: "tidemark-cache-" }) })
    const output = yield* port.analyze(root, { goals: Goals.Goals.defaults, tools: [defaultEslint9Tool] })
    // The rows the worker stores are the same issues, none from an ignored path.
    expect(output.findings).toHaveLength(linted.issues.length)
    expect(output.findings.filter((finding) => isIgnoredByDefault(finding.filePath))).toEqual([])
    return { tree, issues: linted.issues, measures: output.measures, frameworks: testFrameworksOf(tree.sources) }
  })

const undefinedName = (issue: Issue): string | undefined =>
  issue.patternId === "ESLint9_no-undef" ? /^'(.*)' is not defined\.$/.exec(issue.message)?.[1] : undefined

const countBy = (issues: ReadonlyArray<Issue>, key: (issue: Issue) => string | undefined) => {
  const counts: Record<string, number> = {}
  for (const issue of issues) {
    const value = key(issue)
    if (value !== undefined) counts[value] = (counts[value] ?? 0) + 1
  }
  return counts
}

describe("the analysis of real projects, with the default ESLint9 patterns", () => {
  it.scoped("NeDB 1.8.0 (JavaScript, Mocha): no Mocha global is undefined, no issue comes from an ignored path", () =>
    Effect.gen(function*() {
      const { frameworks, issues, measures, tree } = yield* analysed(ensureRealProject(realProjects.nedb))
      expect(frameworks.map((framework) => framework.name)).toEqual(["mocha"])
      expect(issues.filter((issue) => isIgnoredByDefault(issue.file))).toEqual([])
      expect(tree.sources.filter((file) => isIgnoredByDefault(file.path))).toEqual([])
      const undefinedNames = countBy(issues, undefinedName)
      expect(Object.keys(undefinedNames).filter((name) => Object.hasOwn(globals.mocha, name))).toEqual([])
      // Before (the whole tarball, no test globals): 1 066 issues, 475 of them `no-undef`: 413 on
      // `it`, `describe` and `beforeEach` in its test files, and 141 issues in its minified copies.
      // What is left is undefined as far as any linter can tell: the browser tests' script-tag
      // globals (`_`, `Nedb`, `$`) of the libraries they bundle. Then 512 issues; 314 since the
      // defaults stopped reporting unused parameters, catch bindings, rest siblings and empty catch
      // blocks (docs/analysis-tools.md); 309 since minified code is known by its lines (5 in
      // `browser-version/test/async.js`, the async library minified); 303 since a script that tests
      // for an AMD loader (`define.amd`) has its `define` (6, in the UMD wrappers of its libraries).
      expect(issues).toHaveLength(303)
      expect(undefinedNames).toEqual({
        _: 13,
        Nedb: 12,
        async: 4,
        localforage: 3,
        ses: 2,
        subject: 2,
        html: 2,
        bootstrap: 1,
        chai: 1,
        getItem: 1,
        $: 1,
        DEBUG: 1,
        throwOptionsError: 1
      })
      // The worker's port counts the very same issues.
      expect(measures.issueCounts).toEqual(IssueLoad.countsOf(issues))
      expect(measures.stackTags).toContain("tool:mocha")
    }).pipe(Effect.provide(NodeContext.layer)), 300_000)

  it.scoped("Redux Toolkit 2.9.0 (TypeScript, Vitest): its built dist/ is not analysed", () =>
    Effect.gen(function*() {
      const { issues, measures, tree } = yield* analysed(ensureRealProject(realProjects.reduxToolkit))
      expect(issues.filter((issue) => isIgnoredByDefault(issue.file))).toEqual([])
      expect(tree.analysis.files.filter((file) => file.path.startsWith("dist/"))).toEqual([])
      // Its tests import Vitest's API, and no-undef does not run on TypeScript (the compiler checks names).
      expect(issues.filter((issue) => issue.patternId === "ESLint9_no-undef")).toEqual([])
      // Before: 4 636 issues, 2 062 of them in dist/ (121 `no-undef` in its compiled JavaScript);
      // 65 603 lines of code, 43 948 without dist/. Then 2 574 issues; 304 since the defaults leave
      // out no-explicit-any, ban-ts-comment and declaration files (docs/analysis-tools.md); 231 since
      // type tests' (`*.test-d.ts`) unused typed constants are their assertions (73 of them).
      expect(issues).toHaveLength(231)
      expect(tree.analysis.totals.loc).toBe(43948)
      expect(measures.issueCounts).toEqual(IssueLoad.countsOf(issues))
    }).pipe(Effect.provide(NodeContext.layer)), 300_000)
})

