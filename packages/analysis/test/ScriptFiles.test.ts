import { NodeContext } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { isLintable, isLintedByDefault, lintTree, looksMinified, readSourceTree } from "../src/index.js"
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

  it("tells minified code by its lines, whatever its name", () => {
    const minified = `(function(){${"var a=1;".repeat(300)}})();\n// comment\n`
    expect(looksMinified(minified)).toBe(true)
    // One long line (a data URI) in a file of ordinary code is not minification.
    const code = `${"const x = 1\n".repeat(300)}const uri = "${"A".repeat(1200)}"\n`
    expect(looksMinified(code)).toBe(false)
    expect(looksMinified("short")).toBe(false)
  })

  it.scoped("the default patterns leave minified code alone", () =>
    Effect.gen(function*() {
      const minified = `(function(){var unused=1;${"f();".repeat(400)}})();\n`
      const issues = yield* issuesOf({ "test/manual/promise.js": minified, "lib/a.js": "var unused = 1\n" }, ["no-unused-vars"])
      expect(issues).toEqual([["lib/a.js", "ESLint9_no-unused-vars"]])
    }))

  it.scoped("type tests' unused typed constants and expressions are their assertions; elsewhere they are reported", () =>
    Effect.gen(function*() {
      const typeTest = "const instance: number = Number('1')\nNumber.MAX_VALUE;\n"
      const issues = yield* issuesOf({
        "test/module/typings/esm/index.ts": typeTest,
        "index.test-d.ts": typeTest,
        "types/test.ts": typeTest,
        "src/index.ts": typeTest
      }, ["@typescript-eslint/no-unused-vars", "@typescript-eslint/no-unused-expressions"])
      expect(issues).toEqual([
        ["src/index.ts", "ESLint9_@typescript-eslint_no-unused-vars"],
        ["src/index.ts", "ESLint9_@typescript-eslint_no-unused-expressions"],
        ["types/test.ts", "ESLint9_@typescript-eslint_no-unused-vars"],
        ["types/test.ts", "ESLint9_@typescript-eslint_no-unused-expressions"]
      ])
    }))

  it.scoped("getter-return with the default patterns reports a getter that never returns, not one that returns nothing on some paths", () =>
    Effect.gen(function*() {
      const source = [
        "export const o = {",
        "  get lastModified () { const date = this.date; if (date) return new Date(date) },",
        "  get forgotten () { this.value }",
        "}"
      ].join("\n")
      const root = yield* treeOf({ "lib/response.js": source })
      const sources = yield* readSourceTree(root)
      const result = yield* lintTree(root, sources, { rules: [rule("getter-return")], useConfigurationFile: false })
      expect(result.issues.map((issue) => [issue.line, issue.message])).toEqual([[3, "Expected to return a value in getter 'forgotten'."]])
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("no-unexpected-multiline with the default patterns leaves a computed method call chained on purpose", () =>
    Effect.gen(function*() {
      const source = "const request = (app) => app\nrequest({})\n[method]('/foo')\nconst a = 1\nconst b = a\n[1, 2].forEach(f)\n"
      const issues = yield* issuesOf({ "test/app.router.js": source }, ["no-unexpected-multiline"])
      expect(issues).toEqual([["test/app.router.js", "ESLint9_no-unexpected-multiline"]])
    }))
})
