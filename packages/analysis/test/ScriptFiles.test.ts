import { NodeContext } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { isLintable, isLintedByDefault, lintTree, readSourceTree } from "../src/index.js"
import { treeOf } from "./TreeFixture.js"

const rule = (ruleId: string) => ({ patternId: `ESLint9_${ruleId.replaceAll("/", "_")}`, ruleId, severity: "Warning" as const, parameters: [] })

const issuesOf = (files: Readonly<Record<string, string>>, ruleIds: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const root = yield* treeOf(files)
    const sources = yield* readSourceTree(root)
    const result = yield* lintTree(root, sources, { rules: ruleIds.map(rule), useConfigurationFile: false })
    return result.issues.map((issue) => [issue.file, issue.patternId])
  }).pipe(Effect.provide(NodeContext.layer))

describe("ScriptFiles", () => {
  it("lints declaration files only with a repository's own configuration", () => {
    expect(["index.d.ts", "types/a.d.mts", "b.d.cts"].filter(isLintable)).toHaveLength(3)
    expect(["index.d.ts", "types/a.d.mts", "b.d.cts"].filter(isLintedByDefault)).toEqual([])
    expect(["a.ts", "b.js", "c.d.tsx.ts", "d.mts"].filter(isLintedByDefault)).toEqual(["a.ts", "b.js", "c.d.tsx.ts", "d.mts"])
  })

  it.scoped("the default patterns leave a package's typings alone, and read its code", () =>
    Effect.gen(function*() {
      const typings = "export interface Options<D = unknown> extends Base {}\ninterface Base { a: number }\n"
      const issues = yield* issuesOf({ "index.d.ts": typings, "index.ts": typings }, ["@typescript-eslint/no-empty-object-type"])
      expect(issues).toEqual([["index.ts", "ESLint9_@typescript-eslint_no-empty-object-type"]])
    }))

  it.scoped("CommonJS's exports, module and require are the module's own: `exports = module.exports = fn` assigns no global", () =>
    Effect.gen(function*() {
      const source = "exports = module.exports = bodyParser\nfunction bodyParser () {}\nwindow = 1\n"
      expect(yield* issuesOf({ "index.js": source }, ["no-global-assign"])).toEqual([["index.js", "ESLint9_no-global-assign"]])
    }))
})
