import { FileSystem } from "@effect/platform"
import { NodeContext } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { fileURLToPath } from "node:url"
import {
  DirectoryAnalysisCache,
  type EnabledRule,
  type IssueSeverity,
  LintCache,
  type LintResult,
  lintTree,
  MemoryAnalysisCache,
  readSourceTree
} from "../src/index.js"
import { treeOf, writeTreeFile } from "./TreeFixture.js"

const fixtures = ["lint", "tree"].map((name) => fileURLToPath(new URL(`./fixtures/${name}/`, import.meta.url)))

const rule = (ruleId: string, severity: IssueSeverity, parameters: EnabledRule["parameters"] = []): EnabledRule => ({
  patternId: `ESLint9_${ruleId.replaceAll("/", "_")}`,
  ruleId,
  severity,
  parameters
})

const maxDepth = (value: string) => rule("max-depth", "Info", [{ name: "max", value }])

const rules = [
  rule("no-unused-vars", "Error"),
  rule("@typescript-eslint/no-unused-vars", "Warning"),
  rule("eqeqeq", "Warning"),
  rule("no-undef", "Error"),
  maxDepth("1"),
  rule("@typescript-eslint/no-explicit-any", "High")
]

const lintRoot = (root: string, enabled: ReadonlyArray<EnabledRule>, useConfigurationFile = false) =>
  readSourceTree(root).pipe(Effect.orDie, Effect.flatMap((files) => lintTree(root, files, { rules: enabled, useConfigurationFile })))

/** A memory cache that counts its hits and writes, to see what a run read from it and what it linted. */
const countingCache = Effect.gen(function*() {
  const inner = yield* MemoryAnalysisCache.makeLint
  const use = { hits: 0, writes: [] as Array<string> }
  const cache = LintCache.of({
    get: (key) => inner.get(key).pipe(Effect.tap((found) => Effect.sync(() => void (found._tag === "Some" && use.hits++)))),
    set: (key, messages) => inner.set(key, messages).pipe(Effect.tap(() => Effect.sync(() => void use.writes.push(key))))
  })
  const reset = () => {
    use.hits = 0
    use.writes = []
  }
  const layer = Layer.succeed(LintCache, cache)
  /** Lints the tree through this cache. */
  const lint = (root: string, enabled: ReadonlyArray<EnabledRule>, useConfigurationFile = false) =>
    lintRoot(root, enabled, useConfigurationFile).pipe(Effect.provide(layer))
  /** Writes one file of the tree, then lints it again through this cache, counting from zero. */
  const lintAfterWriting = (root: string, file: string, content: string) =>
    Effect.sync(reset).pipe(Effect.zipRight(writeTreeFile(root, file, content)), Effect.zipRight(lint(root, rules)))
  return { use, reset, lint, lintAfterWriting }
})

// Everything a result says, as plain data.
const plain = (result: LintResult) => JSON.parse(JSON.stringify(result)) as unknown

describe("lintTree with a LintCache", () => {
  it.effect("gives on a warm cache exactly what it gives without one, on the fixture trees", () =>
    Effect.gen(function*() {
      for (const root of fixtures) {
        const counting = yield* countingCache
        const uncached = yield* lintRoot(root, rules)
        const cold = yield* counting.lint(root, rules)
        expect(counting.use.hits).toBe(0)
        expect(counting.use.writes.length).toBe(uncached.lintedFiles)
        counting.reset()
        const warm = yield* counting.lint(root, rules)
        expect(counting.use).toEqual({ hits: uncached.lintedFiles, writes: [] })
        expect(plain(cold)).toEqual(plain(uncached))
        expect(plain(warm)).toEqual(plain(uncached))
      }
      // The lint fixture has issues, a file that does not parse and a skipped rule of none: the comparison is not empty.
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("lints again only a changed file", () =>
    Effect.gen(function*() {
      const counting = yield* countingCache
      const root = yield* treeOf({
        "a.js": "export const a = (x) => x == 1\n",
        "b.js": "export const b = (x) => x == 2\n",
        "c.ts": "export const c = (x: any) => x\n"
      })
      yield* counting.lint(root, rules)
      const changed = yield* counting.lintAfterWriting(root, "b.js", "export const b = (x) => x === 2 && missing\n")
      expect(counting.use).toMatchObject({ hits: 2 })
      expect(counting.use.writes.length).toBe(1)
      expect(plain(changed)).toEqual(plain(yield* lintRoot(root, rules)))
      expect(changed.issues.map((issue) => [issue.file, issue.patternId])).toEqual([
        ["a.js", "ESLint9_eqeqeq"],
        ["b.js", "ESLint9_no-undef"],
        ["c.ts", "ESLint9_@typescript-eslint_no-explicit-any"]
      ])
    }).pipe(Effect.provide(NodeContext.layer)))

  it.effect("lints every file again when a pattern's parameter or the set of patterns changes", () =>
    Effect.gen(function*() {
      const root = fixtures[0] ?? ""
      const counting = yield* countingCache
      const first = yield* counting.lint(root, [maxDepth("1")])
      counting.reset()
      const deeper = yield* counting.lint(root, [maxDepth("4")])
      expect(counting.use.hits).toBe(0)
      expect(plain(deeper)).toEqual(plain(yield* lintRoot(root, [maxDepth("4")])))
      expect(deeper.issues.length).toBeLessThan(first.issues.length)
      counting.reset()
      yield* counting.lint(root, [maxDepth("4"), rule("eqeqeq", "Warning")])
      expect(counting.use.hits).toBe(0)
      // Back to the first parameter: its entries are still there.
      counting.reset()
      yield* counting.lint(root, [maxDepth("1")])
      expect(counting.use).toEqual({ hits: first.lintedFiles, writes: [] })
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("lints again the files whose declared globals change with the repository's ESLint config, and only those", () =>
    Effect.gen(function*() {
      const counting = yield* countingCache
      const root = yield* treeOf({
        "app/.eslintrc.json": "{ \"globals\": { \"APP_VERSION\": \"readonly\" } }\n",
        "app/version.js": "export const version = () => APP_VERSION\n",
        "lib/other.js": "export const other = () => APP_VERSION\n"
      })
      const before = yield* counting.lint(root, rules)
      expect(before.issues.map((issue) => issue.file)).toEqual(["lib/other.js"])
      const after = yield* counting.lintAfterWriting(root, "app/.eslintrc.json", "{ \"globals\": { \"OTHER\": \"readonly\" } }\n")
      expect(after.issues.map((issue) => issue.file)).toEqual(["app/version.js", "lib/other.js"])
      expect(counting.use).toMatchObject({ hits: 1 })
      expect(counting.use.writes.length).toBe(1)
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("does not cache the linting with the repository's own configuration file", () =>
    Effect.gen(function*() {
      const counting = yield* countingCache
      const root = yield* treeOf({
        "a.js": "export const a = 1;\n",
        "eslint.config.mjs": "export default [{ rules: { semi: \"error\" } }];\n"
      })
      const first = yield* counting.lint(root, rules, true)
      yield* writeTreeFile(root, "eslint.config.mjs", "export default [{ rules: { semi: [\"error\", \"never\"] } }];\n")
      const second = yield* counting.lint(root, rules, true)
      // The config file is linted by itself too: only a.js is looked at.
      const ofA = (result: LintResult) => result.issues.filter((issue) => issue.file === "a.js").map((issue) => issue.patternId)
      expect(ofA(first)).toEqual([])
      expect(ofA(second)).toEqual(["ESLint9_semi"])
      expect(counting.use).toEqual({ hits: 0, writes: [] })
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("keeps its entries on disk with DirectoryAnalysisCache.lintLayer, under lint/", () =>
    Effect.gen(function*() {
      const fs = yield* FileSystem.FileSystem
      const directory = yield* fs.makeTempDirectoryScoped({ prefix: "tidemark-lint-cache-" })
      const root = fixtures[0] ?? ""
      const uncached = yield* lintRoot(root, rules)
      const cold = yield* lintRoot(root, rules).pipe(Effect.provide(DirectoryAnalysisCache.lintLayer(directory)))
      const warm = yield* lintRoot(root, rules).pipe(Effect.provide(DirectoryAnalysisCache.lintLayer(directory)))
      expect(plain(cold)).toEqual(plain(uncached))
      expect(plain(warm)).toEqual(plain(uncached))
      // A fix is kept with its message, and read back from the cache.
      const fixed = yield* treeOf({ "on.js": "if (!!globalThis.x) globalThis.y = 1\n" })
      const fixing = [rule("no-extra-boolean-cast", "Warning")]
      const first = yield* lintRoot(fixed, fixing).pipe(Effect.provide(DirectoryAnalysisCache.lintLayer(directory)))
      const again = yield* lintRoot(fixed, fixing).pipe(Effect.provide(DirectoryAnalysisCache.lintLayer(directory)))
      expect(first.issues.map((issue) => issue.fix)).toEqual([[{ from: 4, to: 18, text: "globalThis.x" }]])
      expect(plain(again)).toEqual(plain(first))
      const entries = yield* fs.readDirectory(`${directory}/lint`, { recursive: true })
      expect(entries.filter((entry) => entry.endsWith(".json")).length).toBe(uncached.lintedFiles + 1)
    }).pipe(Effect.provide(NodeContext.layer)))
})
