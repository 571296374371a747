import { FileSystem } from "@effect/platform"
import { NodeContext } from "@effect/platform-node"
import { describe, expect, it, layer } from "@effect/vitest"
import { Analyzer, Goals } from "@tidemark/core"
import { Context, Duration, Effect, Layer } from "effect"
import type { Worker as Thread } from "node:worker_threads"
import { ThreadedAnalyzer, TreeAnalyzer } from "../src/index.js"
import { copyOfTree, priceCode, treeOf } from "./TreeFixture.js"

const goals = new Goals.Goals({ ...Goals.Goals.defaults, fileComplexityValueThreshold: 5, fileDuplicationBlockThreshold: 0 })

const settings: Analyzer.AnalyzerSettings = {
  goals,
  tools: [{
    uuid: TreeAnalyzer.eslint9Uuid,
    name: "ESLint9",
    usesConfigurationFile: false,
    patterns: [
      { id: "ESLint9_no-unused-vars", severityLevel: "Error", category: "UnusedCode", title: "Unused variables", parameters: [] },
      { id: "ESLint9_eqeqeq", severityLevel: "Warning", category: "ErrorProne", parameters: [] },
      { id: "ESLint9_complexity", severityLevel: "Warning", category: "Complexity", parameters: [{ name: "max", value: "3" }] }
    ]
  }]
}

const cacheDirectory = Effect.flatMap(FileSystem.FileSystem, (fs) => fs.makeTempDirectoryScoped({ prefix: "tidemark-cache-" }))

/** Threaded analyzers on a cache of their own, stopped with the test's scope. */
const threaded = (threads: number, onThread?: (thread: Thread) => void, fileTimeLimit?: Duration.DurationInput) =>
  Effect.flatMap(cacheDirectory, (directory) => ThreadedAnalyzer.make({ cacheDirectory: directory, threads, onThread, fileTimeLimit }))

/**
 * `no-unused-vars` whose ignore pattern backtracks catastrophically on a name of many `a` and a
 * final `b`: ESLint tests every unused variable's name against it, which never ends in practice.
 */
const backtracking: Analyzer.AnalyzerSettings = {
  goals,
  tools: [{
    uuid: TreeAnalyzer.eslint9Uuid,
    name: "ESLint9",
    usesConfigurationFile: false,
    patterns: [{
      id: "ESLint9_no-unused-vars",
      severityLevel: "Error",
      category: "UnusedCode",
      parameters: [{ name: "varsIgnorePattern", value: "^(a+)+$" }]
    }]
  }]
}

/** A tree of `files` scripts, each different (a few seconds of parsing, linting and clone detection). */
const largerTree = (files: number) =>
  treeOf(Object.fromEntries(Array.from({ length: files }, (_, i) => [
    `src/module${i}.js`,
    Array.from({ length: 40 }, (_, j) =>
      `export const f${i}_${j} = (a, b) => {\n  const unused${j} = ${i * j}\n  if (a == b) return ${j}\n` +
      `  for (let k = 0; k < a; k++) { if (k % ${j + 2} === 0) b += k; else b -= ${i} }\n  return a > b ? a : b\n}\n`).join("") + priceCode
  ])))

/** Runs `analysis` while a 10 ms interval ticks on this thread: how many ticks fired, the longest wait between two, and in how long. */
const ticksDuring = <A, E>(analysis: Effect.Effect<A, E>) =>
  Effect.gen(function*() {
    let ticks = 0
    let longestGap = 0
    const started = performance.now()
    let last = started
    const interval = setInterval(() => {
      const now = performance.now()
      ticks++
      longestGap = Math.max(longestGap, now - last)
      last = now
    }, 10)
    const result = yield* Effect.ensuring(analysis, Effect.sync(() => clearInterval(interval)))
    return { result, ticks, longestGap, elapsed: performance.now() - started }
  })

const analyzeWith = (analyzer: Analyzer.Analyzer["Type"], root: string) => analyzer.analyze(root, settings)

/**
 * One analyzer in process and one thread, for the tests that neither kill nor time out a thread:
 * each analyzer's start (its modules, in two threads, and its programs' versions) costs more than
 * the analyses these tests ask of it.
 */
class Shared extends Context.Tag("Shared")<Shared, {
  readonly inProcess: Analyzer.Analyzer["Type"]
  readonly inThread: Analyzer.Analyzer["Type"]
  /** Every thread the shared analyzer started. */
  readonly threads: ReadonlyArray<Thread>
}>() {
  static readonly layer = Layer.scoped(
    Shared,
    Effect.gen(function*() {
      const threads: Array<Thread> = []
      const inProcess = yield* TreeAnalyzer.make({ cacheDirectory: yield* cacheDirectory })
      const inThread = yield* threaded(1, (thread) => threads.push(thread))
      return { inProcess, inThread, threads }
    })
  ).pipe(Layer.provide(NodeContext.layer))
}

describe("externalJobsOf", () => {
  it("shares the machine's CPUs among the analyses that run at once, one process at least", () => {
    expect(ThreadedAnalyzer.externalJobsOf(2, 8)).toBe(4)
    expect(ThreadedAnalyzer.externalJobsOf(3, 8)).toBe(2)
    expect(ThreadedAnalyzer.externalJobsOf(2, 2)).toBe(1)
    expect(ThreadedAnalyzer.externalJobsOf(8, 2)).toBe(1)
  })
})

describe("ThreadedAnalyzer (TreeAnalyzer in worker threads)", () => {
  layer(Shared.layer, { excludeTestServices: true, timeout: "120 seconds" })((it) => {
    it.scoped("answers exactly what TreeAnalyzer answers on the fixture tree", () =>
      Effect.gen(function*() {
        const { inProcess, inThread } = yield* Shared
        const root = yield* copyOfTree
        const expected = yield* analyzeWith(inProcess, root)
        const actual = yield* analyzeWith(inThread, root)
        expect(actual).toStrictEqual(expected)
        expect(actual.findings.length).toBeGreaterThan(0)
        expect(actual.files.length).toBeGreaterThan(0)
      }).pipe(Effect.provide(NodeContext.layer)), 60_000)

    it.scoped("runs Stylelint in the built thread, with its SCSS and Less parsers, as in process", () =>
      Effect.gen(function*() {
        const { inProcess, inThread } = yield* Shared
        const root = yield* treeOf({ "a.css": "p { colr: red; }\n", "b.scss": "// c\n$x: 1;\n.b {}\n", "c.less": "@x: 1;\n.c {}\n" })
        const stylelint: Analyzer.AnalyzerSettings = {
          goals,
          tools: [{
            uuid: "4f0a7c36-1d2e-4b8f-9a55-c3e6d2b7a914",
            name: "Stylelint",
            usesConfigurationFile: false,
            patterns: [
              { id: "Stylelint_property-no-unknown", severityLevel: "Error", category: "ErrorProne", parameters: [] },
              { id: "Stylelint_block-no-empty", severityLevel: "Warning", category: "UnusedCode", parameters: [] }
            ]
          }]
        }
        const expected = yield* inProcess.analyze(root, stylelint)
        const actual = yield* inThread.analyze(root, stylelint)
        expect(actual).toStrictEqual(expected)
        expect(actual.findings.map((f) => [f.filePath, f.line, f.patternId])).toEqual([
          ["a.css", 1, "Stylelint_property-no-unknown"],
          ["b.scss", 3, "Stylelint_block-no-empty"],
          ["c.less", 2, "Stylelint_block-no-empty"]
        ])
      }).pipe(Effect.provide(NodeContext.layer)), 60_000)

    it.scoped("keeps the calling event loop free while a thread analyses; the thread's caches serve the next analysis", () =>
      Effect.gen(function*() {
        const { inThread: analyzer } = yield* Shared
        const root = yield* largerTree(60)
        const first = yield* ticksDuring(analyzeWith(analyzer, root))
        // Every tick would be elapsed / 10; a loop held by the analysis misses most of them. Half
        // leaves room for a busy machine.
        // In the calling thread a 120-file analysis took a third of the ticks, and held the loop for 2 s at once.
        expect(first.ticks).toBeGreaterThanOrEqual(first.elapsed / 10 / 2)
        expect(first.longestGap).toBeLessThan(500)
        expect(first.result.files.length).toBe(60)
        // The same tree again: the thread's remembered entries and frames make it faster.
        const again = yield* ticksDuring(analyzeWith(analyzer, root))
        expect(again.result).toStrictEqual(first.result)
        expect(again.elapsed).toBeLessThan(first.elapsed)
      }).pipe(Effect.provide(NodeContext.layer)), 120_000)

    it.scoped("a failed analysis keeps its thread", () =>
      Effect.gen(function*() {
        const { inThread: analyzer, threads } = yield* Shared
        const root = yield* copyOfTree
        const before = threads.length
        const failed = yield* Effect.flip(analyzeWith(analyzer, `${root}/missing`))
        expect(failed).toBeInstanceOf(Analyzer.AnalyzerFailed)
        expect(failed.reason).toContain(`${root}/missing`)
        expect((yield* analyzeWith(analyzer, root)).files.length).toBeGreaterThan(0)
        expect(before).toBe(1)
        expect(threads.length).toBe(1)
      }).pipe(Effect.provide(NodeContext.layer)), 60_000)
  })

  it.scopedLive("a thread that dies fails its analysis with AnalyzerFailed; the next analysis gets a fresh thread", () =>
    Effect.gen(function*() {
      const threads: Array<Thread> = []
      const analyzer = yield* threaded(1, (thread) => threads.push(thread))
      const endless = yield* treeOf({ "src/slow.js": `export const f = () => {\n  const ${"a".repeat(48)}b = 1\n}\n` })
      const small = yield* copyOfTree
      // The thread starts in the background: one analysis first, so that it is killed mid-analysis
      // (a backtracking pattern keeps it busy, for days, at no cost to the rest of the machine but a core).
      yield* analyzeWith(analyzer, small)
      const dying = yield* Effect.fork(analyzer.analyze(endless, backtracking))
      yield* Effect.sleep("500 millis")
      yield* Effect.promise(() => threads[0]?.terminate() ?? Promise.resolve(0))
      // An analysis that did not fail is reported as such, not as its whole output.
      const failed = yield* Effect.flip(dying.await.pipe(Effect.flatten, Effect.as("the analysis did not fail")))
      expect(failed).toBeInstanceOf(Analyzer.AnalyzerFailed)
      expect(failed.reason).toMatch(/the analysis thread failed: .*exited with code 1/)
      const next = yield* analyzeWith(analyzer, small)
      expect(next.files.length).toBeGreaterThan(0)
      expect(threads.length).toBe(2)
    }).pipe(Effect.provide(NodeContext.layer)), 120_000)

  it.scopedLive("a file that holds a tool past the time limit is skipped for that tool; the rest is analysed, on a new thread", () =>
    Effect.gen(function*() {
      const threads: Array<Thread> = []
      const analyzer = yield* threaded(1, (thread) => threads.push(thread), "1 second")
      const root = yield* treeOf({
        "src/slow.js": `export const f = () => {\n  const ${"a".repeat(48)}b = 1\n}\n`,
        "src/ok.js": "export const g = () => {\n  const unused = 1\n}\n"
      })
      const started = Date.now()
      const output = yield* analyzer.analyze(root, backtracking)
      // Once the limit, a little watching, and a second attempt on a new thread: well within a minute and a half
      // even on a loaded machine, where the backtracking alone would run for days.
      expect(Date.now() - started).toBeLessThan(90_000)
      expect(output.problems.map((p) => [p.code, p.message])).toStrictEqual([
        ["file_skipped", "ESLint9 skipped src/slow.js: it took longer than the time limit of 1s per file"]
      ])
      expect(output.findings.map((f) => [f.filePath, f.patternId])).toStrictEqual([["src/ok.js", "ESLint9_no-unused-vars"]])
      // Only ESLint skipped it: its lines are counted.
      expect(output.files.map((f) => f.path).sort()).toStrictEqual(["src/ok.js", "src/slow.js"])
      expect(threads.length).toBe(2)
      // The replacement thread takes the next analysis, which skips the file again.
      const again = yield* analyzer.analyze(root, backtracking)
      expect(again.problems).toStrictEqual(output.problems)
      expect(threads.length).toBe(3)
    }).pipe(Effect.provide(NodeContext.layer)), 120_000)

  it.scopedLive("with two threads, two analyses run at once, each in its own thread", () =>
    Effect.gen(function*() {
      const threads: Array<Thread> = []
      const root = yield* largerTree(60)
      const analyzer = yield* threaded(2, (thread) => threads.push(thread))
      // Each thread's event loop utilisation over 50 ms windows: busy is time in JavaScript, whether
      // or not the machine's other work let the thread have a core.
      let bothBusy = 0
      let previous = threads.map((thread) => thread.performance.eventLoopUtilization())
      const sampling = setInterval(() => {
        const current = threads.map((thread) => thread.performance.eventLoopUtilization())
        const busy = current.map((now, i) => utilizationBetween(now, previous[i]))
        if (busy.length === 2 && busy.every((u) => u > 0.5)) bothBusy++
        previous = current
      }, 50)
      const [one, two] = yield* Effect.all([analyzeWith(analyzer, root), analyzeWith(analyzer, root)], { concurrency: 2 }).pipe(
        Effect.ensuring(Effect.sync(() => clearInterval(sampling)))
      )
      expect(threads.length).toBe(2)
      expect(two).toStrictEqual(one)
      expect(bothBusy).toBeGreaterThan(5)
    }).pipe(Effect.provide(NodeContext.layer)), 120_000)
})

type Utilization = ReturnType<Thread["performance"]["eventLoopUtilization"]>

/** The share of a window a thread's event loop spent running JavaScript. */
const utilizationBetween = (now: Utilization, before: Utilization | undefined) => {
  if (before === undefined) return 0
  const active = now.active - before.active
  const idle = now.idle - before.idle
  return active + idle === 0 ? 0 : active / (active + idle)
}
