import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer, Option } from "effect"
import { cacheMessages, cachedTogetherOf, type ConfiguredLint, keptOutcomes, lintedFilesOf, lintedFilesOfUnits, lintedWithFallback, splitByCache } from "../src/CachedLint.js"
import { CachedMessage, LintCache } from "../src/LintCache.js"
import { lintLayer, makeLint } from "../src/MemoryAnalysisCache.js"
import type { SourceFile } from "../src/SourceTree.js"

const file = (path: string, content = "x\n"): SourceFile => ({ path, content })
const keyOf = (f: SourceFile) => `key:${f.path}:${f.content}`
const finding = (line: number) => [new CachedMessage({ ruleId: "rule", line, message: `at ${line}` })]

describe("an external analyser's files through the per-file cache", () => {
  it.effect("runs only what the cache lacks, keeps what a run found, not what it failed on", () =>
    Effect.gen(function*() {
      const [a, b, c] = [file("a.sh"), file("b.sh"), file("c.sh")]
      const first = yield* splitByCache([a, b, c], keyOf)
      expect(first.missing.map((f) => f.path)).toEqual(["a.sh", "b.sh", "c.sh"])
      const ran = new Map<string, Either.Either<number, string>>([["a.sh", Either.right(3)], ["b.sh", Either.left("timed out")]])
      const fresh = yield* keptOutcomes("Tool", first.missing, ran, (_, line: number) => finding(line), keyOf)
      expect(fresh.get("a.sh")).toEqual(Either.right(finding(3)))
      expect(fresh.get("b.sh")).toEqual(Either.left("timed out"))
      expect(fresh.get("c.sh")).toEqual(Either.left("Tool gave no result for it"))

      const second = yield* splitByCache([a, b, c, file("a.sh", "changed\n")], keyOf)
      expect(second.missing.map((f) => f.content)).toEqual(["x\n", "x\n", "changed\n"])
      expect([...second.outcomes.keys()]).toEqual(["a.sh"])
    }).pipe(Effect.provide(lintLayer)))

  it.effect("files checked together are all cached or none, a changed module known after one read", () =>
    Effect.gen(function*() {
      const inner = yield* makeLint
      const reads: Array<string> = []
      const counted = Layer.succeed(LintCache, LintCache.of({ get: (key) => Effect.zipRight(Effect.sync(() => reads.push(key)), inner.get(key)), set: inner.set }))
      const keys = ["module@1:a.go", "module@1:b.go", "module@1:c.go"]
      const together = (of: ReadonlyArray<string>) => cachedTogetherOf(of).pipe(Effect.provide(counted))
      expect(yield* together(keys)).toEqual(Option.none())
      expect(reads).toEqual(["module@1:a.go"])
      yield* Effect.forEach(keys, (key, line) => cacheMessages(key, finding(line))).pipe(Effect.provide(counted))
      reads.length = 0
      expect(yield* together(keys)).toEqual(Option.some([finding(0), finding(1), finding(2)]))
      expect(reads).toEqual(keys)
      // One entry gone (evicted): none, and the module runs whole.
      expect(yield* together([...keys, "module@1:d.go"])).toEqual(Option.none())
      expect(yield* together(["module@2:a.go", "module@2:b.go"])).toEqual(Option.none())
      expect(reads.filter((key) => key.startsWith("module@2"))).toEqual(["module@2:a.go"])
    }))

  it.effect("without a cache in the context, every file is run and nothing fails for it", () =>
    Effect.gen(function*() {
      const split = yield* splitByCache([file("a.rb")], keyOf)
      expect(split.missing).toHaveLength(1)
      const fresh = yield* keptOutcomes("Tool", split.missing, new Map([["a.rb", Either.right(1)]]), (_, line: number) => finding(line), keyOf)
      expect(fresh.get("a.rb")).toEqual(Either.right(finding(1)))
    }))

  it("gives the files in their order, failed ones with why, the first map holding a file winning", () => {
    const files = [file("b.yaml"), file("a.yaml"), file("gone.yaml")]
    const cached = new Map<string, Either.Either<ReadonlyArray<CachedMessage>, string>>([["b.yaml", Either.right(finding(1))]])
    const fresh = new Map<string, Either.Either<ReadonlyArray<CachedMessage>, string>>([["a.yaml", Either.left("yamllint stopped")], ["b.yaml", Either.right(finding(9))]])
    const linted = lintedFilesOf(files, cached, fresh)
    expect(linted.map((f) => [f.file.path, f._tag])).toEqual([["b.yaml", "Linted"], ["a.yaml", "Failed"]])
    const first = linted[0]
    expect(first?._tag === "Linted" ? first.messages.map((m) => m.line) : []).toEqual([1])
  })

  it("gives each file its unit's messages and those other units gave about it, once each, a failed unit failed", () => {
    const about = (path: string, line: number) => new CachedMessage({ ruleId: "rule", line, message: `at ${line}`, file: path })
    const outcomes = new Map<string, Either.Either<ReadonlyArray<CachedMessage>, string>>([
      ["a.c", Either.right([...finding(7), about("common.h", 3), about("vendor/x.h", 1)])],
      ["b.c", Either.right([about("common.h", 3), about("common.h", 1)])],
      ["c.c", Either.left("cppcheck stopped")]
    ])
    const linted = lintedFilesOfUnits([file("a.c"), file("b.c"), file("c.c"), file("common.h")], outcomes)
    expect(linted.map((f) => [f.file.path, f._tag === "Linted" ? f.messages.map((m) => [m.line, "file" in m ? m.file : undefined]) : f._tag])).toEqual([
      ["a.c", [[7, undefined]]],
      ["b.c", []],
      ["c.c", "Failed"],
      ["common.h", [[1, undefined], [3, undefined]]]
    ])
    expect(lintedFilesOfUnits([file("a.c")], outcomes, (path) => path !== "a.c").map((f) => (f._tag === "Linted" ? f.messages.length : -1))).toEqual([0])
  })

  it.effect("falls back to the other plan when the analyser refuses a configuration, asking once, and never runs a refused one", () =>
    Effect.gen(function*() {
      const asked: Array<string> = []
      const lint: ConfiguredLint<string, string> = {
        keyOf: (plan) => (f) => `${plan}:${f.path}`,
        write: (plan) => Effect.succeed(`written ${plan}`),
        refusal: (written) => Effect.sync(() => (asked.push(written), written === "written own" ? "no such option" : undefined)),
        run: (plan, _written, files) => Effect.succeed(new Map(files.map((f) => [f.path, Either.right(finding(plan.length))])))
      }
      const files = [file("a.yaml")]
      const own = yield* lintedWithFallback(lint, files, "own", "patterns")
      expect(own.refused).toBe("no such option")
      expect(own.linted.map((f) => (f._tag === "Linted" ? f.messages.map((m) => m.line) : f._tag))).toEqual([["patterns".length]])
      expect(asked).toEqual(["written own"])
      // The enabled patterns alone are never asked about: there is nothing to fall back to.
      const patterns = yield* lintedWithFallback(lint, files, "patterns", undefined)
      expect([patterns.refused, asked]).toEqual([undefined, ["written own"]])
    }))
})
