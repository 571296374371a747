import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Either } from "effect"
import { runCppcheck, defaultCppcheckLimits } from "../../src/cppcheck/CppcheckRun.js"
import { childFences } from "../../src/external/ChildFences.js"
import { checkoutOf } from "./CppcheckFixture.js"

const request = (root: string, units: ReadonlyArray<string>) => ({
  program: "/usr/bin/cppcheck",
  root,
  fences: childFences(["/usr/bin/cppcheck"]),
  limits: defaultCppcheckLimits,
  options: ["--quiet", "--xml", "--xml-version=2"],
  units
})

describe("runCppcheck", () => {
  it.effect("gives the real Cppcheck's findings per source, confined, by the source's path (one that looks like an option too)", () =>
    Effect.gen(function*() {
      const { root } = checkoutOf({ "a.c": "int f(void) { int x; return x; }\n", "-b.c": "int g(void) { int *p = 0; return *p; }\n", "c.c": "int h(void) { return 0; }\n" })
      const outcomes = yield* runCppcheck({ ...request(root, ["a.c", "-b.c", "c.c"]), limits: { ...defaultCppcheckLimits, sourcesPerRun: 2 } })
      const found = (path: string) => Either.map(outcomes.get(path) ?? Either.left("none"), (findings) => findings.map((f) => [f.id, f.file, f.line]))
      expect(found("a.c")).toEqual(Either.right([["uninitvar", "a.c", 1]]))
      expect(found("-b.c")).toEqual(Either.right([["nullPointer", "-b.c", 1]]))
      expect(found("c.c")).toEqual(Either.right([]))
    }))

  it.effect("fails what is left once the tree's time is spent, never counting it clean", () =>
    Effect.gen(function*() {
      const { root } = checkoutOf({ "a.c": "int f(void) { return 0; }\n" })
      const outcomes = yield* runCppcheck({ ...request(root, ["a.c"]), limits: { ...defaultCppcheckLimits, total: Duration.zero } })
      expect(outcomes.get("a.c")).toEqual(Either.left("Cppcheck's time for this tree (0) ran out before this file"))
    }))
})
