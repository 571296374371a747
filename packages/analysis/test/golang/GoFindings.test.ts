import { describe, expect, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { posix } from "node:path"
import { readGoVet, readStaticcheck } from "../../src/golang/GoFindings.js"
import { checkoutOf, goOutputOf, installed, project } from "./GoFixture.js"

const checks = ["-checks", "SA4006,SA5009,S1003,ST1005,U1000"]

/** Findings by unit, each as `file:line code`. */
const listed = (outcomes: Either.Either<ReadonlyMap<string, Either.Either<ReadonlyArray<{ readonly file: string; readonly line: number; readonly code: string }>, string>>, string>, root: string) =>
  Either.map(outcomes, (byUnit) => [...byUnit].map(([unit, outcome]) => [unit, Either.map(outcome, (list) => list.map((f) => `${posix.relative(root, f.file)}:${f.line} ${f.code}`))]))

const packageOf = (root: string) => (file: string) => (posix.dirname(file) === root ? "." : `./${posix.relative(root, posix.dirname(file))}`)

/** The project with a file that does not type-check. */
const broken = { ...project, "store/broken.go": "package store\n\nfunc Broken() int { return \"text\" }\n" }

describe("readStaticcheck", () => {
  it.effect("sorts a real run's findings by the package given, with their file, line and check", () =>
    Effect.gen(function*() {
      const { staticcheck } = yield* installed
      const { root } = checkoutOf(project)
      const output = yield* goOutputOf(staticcheck, ["-f", "json", ...checks, ".", "./store"], root)
      expect(output.exitCode).toBe(1)
      expect(listed(readStaticcheck(root, packageOf(root))([".", "./store"], output), root)).toEqual(Either.right([
        [".", Either.right(["main.go:11 SA4006", "main.go:14 SA5009", "main.go:15 S1003"])],
        ["./store", Either.right(["store/store.go:6 ST1005", "store/store.go:11 U1000"])]
      ]))
    }))

  it.effect("names a unit it could not type-check alone as not analysed, where the error is in it or in what it imports, and fails a run of several so each is run again", () =>
    Effect.gen(function*() {
      const { staticcheck } = yield* installed
      const { root } = checkoutOf(broken)
      const alone = yield* goOutputOf(staticcheck, ["-f", "json", ...checks, "./store"], root)
      const read = readStaticcheck(root, packageOf(root))
      const single = read(["./store"], alone)
      expect(Either.map(single, (byUnit) => [...byUnit.keys()])).toEqual(Either.right(["./store"]))
      const outcome = Either.isRight(single) ? single.right.get("./store") : undefined
      expect(outcome !== undefined && Either.isLeft(outcome) ? outcome.left : "").toMatch(/^Staticcheck could not type-check it: .*broken\.go:3: /)
      const together = yield* goOutputOf(staticcheck, ["-f", "json", ...checks, ".", "./store"], root)
      expect(Either.isLeft(read([".", "./store"], together))).toBe(true)
      // The main package imports store: its error, in store's file, is the main package's too.
      const importer = yield* goOutputOf(staticcheck, ["-f", "json", ...checks, "."], root)
      const main = read(["."], importer)
      expect(Either.map(main, (byUnit) => [...byUnit].map(([unit, outcome]) => [unit, Either.isLeft(outcome)]))).toEqual(Either.right([[".", true]]))
    }))

  it("never reads a broken run as a clean one", () => {
    const read = readStaticcheck("/m", () => ".")
    expect(read(["."], { exitCode: 2, stdout: "", stderr: "staticcheck: out of memory\n" })).toEqual(Either.left("Staticcheck exited with code 2: staticcheck: out of memory"))
    expect(Either.isLeft(read(["."], { exitCode: 1, stdout: "not json\n", stderr: "" }))).toBe(true)
  })
})

describe("readGoVet", () => {
  it.effect("reads a real run's report from standard error, each analyzer's findings under its name, analyzer by analyzer", () =>
    Effect.gen(function*() {
      const { go } = yield* installed
      const { root } = checkoutOf(project)
      const output = yield* goOutputOf(go, ["vet", "-json", "-printf", "-assign", ".", "./store"], root, "stderr")
      expect(output.exitCode).toBe(0)
      expect(listed(readGoVet(packageOf(root))([".", "./store"], output), root)).toEqual(Either.right([
        [".", Either.right(["main.go:17 assign", "main.go:14 printf"])],
        ["./store", Either.right([])]
      ]))
    }))

  it.effect("fails a run that could not type-check what it was given, saying why", () =>
    Effect.gen(function*() {
      const { go } = yield* installed
      const { root } = checkoutOf(broken)
      const output = yield* goOutputOf(go, ["vet", "-json", "./store"], root, "stderr")
      const read = readGoVet(packageOf(root))(["./store"], output)
      expect(Either.isLeft(read) ? read.left : "").toMatch(/^go vet exited with code 2: vet: store\/broken\.go:3:28: cannot use "text"/)
    }))
})
