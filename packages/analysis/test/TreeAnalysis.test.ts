import { FileSystem, Path } from "@effect/platform"
import { NodeContext } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import {
  AnalysisCache,
  analyzeTree,
  defaultTreeAnalysisSettings,
  DirectoryAnalysisCache,
  fileMeasuresKey,
  loadGrammars,
  MemoryAnalysisCache,
  TreeReadError,
  type TreeAnalysisSettings
} from "../src/index.js"
import { copyOfTree } from "./TreeFixture.js"

// Thresholds low enough that the small fixture has complex and duplicated files; src/bundle.js
// (about 8 KB) is over the size limit and generated/ is ignored.
const settings: TreeAnalysisSettings = {
  ...defaultTreeAnalysisSettings,
  fileComplexityValueThreshold: 5,
  fileDuplicationBlockThreshold: 0,
  tree: { ignore: ["generated/**"], maxFileBytes: 4096 }
}

const analyze = (root: string) => Effect.flatMap(loadGrammars, (grammars) => analyzeTree(root, grammars, settings))

describe("analyzeTree", () => {
  it.scoped("measures every file of the fixture tree, and totals them", () =>
    Effect.gen(function*() {
      const root = yield* copyOfTree
      const { analysis } = yield* analyze(root).pipe(Effect.provide(MemoryAnalysisCache.layer))
      // Counted by hand: code lines without comments and blanks (the Python docstring is a
      // comment, its #! line code); complexity per ESLint's rule, and for Python one per
      // decision, comprehension clauses included (summary: 1 + for + if + if + for = 5).
      expect(analysis.files.map((f) => [f.path, f.language, f.codeLines, f.complexity, f.cloneBlocks, f.complex, f.duplicated]))
        .toEqual([
          ["README.md", "Markdown", 2, undefined, 0, false, false],
          ["package.json", "JSON", 7, undefined, 0, false, false],
          ["scripts/report.py", "Python", 12, 8, 0, true, false],
          ["src/cart.js", "JavaScript", 15, 6, 1, true, true],
          ["src/checkout.js", "JavaScript", 18, 8, 1, true, true],
          ["src/format.ts", "TypeScript", 11, 4, 0, false, false]
        ])
      expect(analysis.files[4]?.functions.map((f) => [f.name, f.line, f.complexity]))
        .toEqual([["total", 4, 5], ["checkout", 16, 3]])
      const { languages, ...totals } = analysis.totals
      expect(languages.map((l) => [l.language, l.loc, l.files])).toEqual([
        ["JavaScript", 33, 2],
        ["Python", 12, 1],
        ["TypeScript", 11, 1],
        ["JSON", 7, 1],
        ["Markdown", 2, 1]
      ])
      expect(totals).toEqual({
        loc: 65,
        filesCount: 6,
        complexFilesCount: 3,
        complexFilesPercentage: 75, // 3 of the 4 files with a complexity
        duplicatedFilesCount: 2,
        // 2 of the 4 code files: README.md and package.json are documentation and data, not code.
        duplicationPercentage: 50,
        clones: 1,
        // jscpd's block runs from the shared import to where the next function starts.
        duplicatedLines: 14,
        duplicatedLinesPercentage: 20, // of the code files' 70 lines
        stackTags: ["framework:react", "language:javascript", "language:python", "language:typescript"],
        unreadableManifests: []
      })
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("judges a file duplicated with more clone blocks than the goal, as api-facts says", () =>
    Effect.gen(function*() {
      const root = yield* copyOfTree
      const grammars = yield* loadGrammars
      const { analysis } = yield* analyzeTree(root, grammars, { ...settings, fileDuplicationBlockThreshold: 1 })
        .pipe(Effect.provide(MemoryAnalysisCache.layer))
      expect(analysis.totals.duplicatedFilesCount).toBe(0)
      expect(analysis.totals.duplicationPercentage).toBe(0)
      expect(analysis.files.filter((f) => f.cloneBlocks > 0)).toHaveLength(2)
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("fails with TreeReadError when the tree cannot be read", () =>
    Effect.gen(function*() {
      const error = yield* analyze("/nonexistent/tidemark-tree").pipe(
        Effect.provide(MemoryAnalysisCache.layer),
        Effect.flip
      )
      expect(error).toBeInstanceOf(TreeReadError)
      expect(error._tag === "TreeReadError" && error.path).toBe("/nonexistent/tidemark-tree")
    }).pipe(Effect.provide(NodeContext.layer)))
})

describe("analyzeTree's per-file cache", () => {
  it.scoped("hits for every file of an unchanged tree, and misses only for a changed file", () =>
    Effect.gen(function*() {
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const root = yield* copyOfTree
      const first = yield* analyze(root)
      const second = yield* analyze(root)
      expect(first.cacheUse).toEqual({ hits: 0, misses: 6, failures: 0 })
      expect(second.cacheUse).toEqual({ hits: 6, misses: 0, failures: 0 })
      expect(second.analysis).toEqual(first.analysis)

      yield* fs.writeFileString(path.join(root, "src/format.ts"), "export const round = (v: number) => (v > 0 ? v : 0)\n")
      const third = yield* analyze(root)
      expect(third.cacheUse).toEqual({ hits: 5, misses: 1, failures: 0 })
      expect(third.analysis.files[5]?.complexity).toBe(2)

      // The same tree measured afresh (an empty cache) gives the same analysis as from the cache.
      const fresh = yield* analyze(root).pipe(Effect.provide(MemoryAnalysisCache.layer))
      expect(fresh.cacheUse.hits).toBe(0)
      expect(fresh.analysis).toEqual(third.analysis)
    }).pipe(Effect.provide(MemoryAnalysisCache.layer), Effect.provide(NodeContext.layer)))

  it.scoped("keeps entries as JSON files under a directory, across cache instances", () =>
    Effect.gen(function*() {
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const root = yield* copyOfTree
      const directory = yield* fs.makeTempDirectoryScoped({ prefix: "tidemark-cache-" })
      const cached = DirectoryAnalysisCache.layer(directory)
      const first = yield* analyze(root).pipe(Effect.provide(cached))
      // A new layer is a new cache instance: only the disk carries the entries over.
      const second = yield* analyze(root).pipe(Effect.provide(cached))
      expect(first.cacheUse).toEqual({ hits: 0, misses: 6, failures: 0 })
      expect(second.cacheUse).toEqual({ hits: 6, misses: 0, failures: 0 })
      expect(second.analysis).toEqual(first.analysis)

      const key = fileMeasuresKey("TypeScript", "src/format.ts", yield* fs.readFileString(path.join(root, "src/format.ts")))
      const entry = path.join(directory, key.slice(0, 2), `${key}.json`)
      expect(JSON.parse(yield* fs.readFileString(entry))).toMatchObject({ language: "TypeScript", codeLines: 11, complexity: 4 })

      // An entry that no longer decodes is a miss, measured again and rewritten.
      yield* fs.writeFileString(entry, "{\"language\":")
      const third = yield* analyze(root).pipe(Effect.provide(cached))
      expect(third.cacheUse).toEqual({ hits: 5, misses: 1, failures: 0 })
      expect(third.analysis).toEqual(first.analysis)
      const reread = yield* Effect.flatMap(AnalysisCache, (cache) => cache.get(key)).pipe(Effect.provide(cached))
      expect(Option.map(reread, (m) => m.complexity)).toEqual(Option.some(4))
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("counts a failing cache storage and still measures the files", () =>
    Effect.gen(function*() {
      const root = yield* copyOfTree
      const path = yield* Path.Path
      // A directory cache under a regular file cannot create its subdirectories.
      const blocker = path.join(root, "README.md")
      const { analysis, cacheUse } = yield* analyze(root).pipe(Effect.provide(DirectoryAnalysisCache.layer(blocker)))
      expect(cacheUse).toEqual({ hits: 0, misses: 0, failures: 6 })
      expect(analysis.totals.loc).toBe(65)
    }).pipe(Effect.provide(NodeContext.layer)))
})
