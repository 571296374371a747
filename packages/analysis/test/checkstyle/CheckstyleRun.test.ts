import { describe, expect, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { join } from "node:path"
import { type CheckstyleRequest, defaultCheckstyleLimits, runCheckstyle } from "../../src/checkstyle/CheckstyleRun.js"
import { childFencesReading } from "../../src/external/ChildFences.js"
import { checkoutOf, program, writtenPlan } from "./CheckstyleFixture.js"

/** The real Checkstyle run over a checkout of `project`, every file given, with the plan of `checks` unless told otherwise. */
const runOver = (project: Readonly<Record<string, string>>, checks: ReadonlyArray<string>, change: (request: CheckstyleRequest) => CheckstyleRequest = (request) => request) =>
  Effect.gen(function*() {
    const path = yield* program
    const { root } = checkoutOf(project)
    const request: CheckstyleRequest = {
      program: path,
      root,
      fences: childFencesReading(path, root),
      limits: defaultCheckstyleLimits,
      configuration: writtenPlan(checks),
      ids: {},
      files: Object.keys(project)
    }
    return yield* runCheckstyle(change(request))
  })

describe("runCheckstyle", () => {
  it.effect("gives the real Checkstyle's findings per file, confined, by the file's path (one that looks like an option too), and names a file it cannot parse", () =>
    Effect.gen(function*() {
      const project = {
        "A.java": "class A {\n  void f() { ; }\n}\n",
        "-B.java": "class B {\n  long n = 1l;\n}\n",
        "C.java": "class C {\n  void f( {\n}\n",
        "D.java": "class D {}\n"
      }
      const outcomes = yield* runOver(project, ["EmptyStatement", "UpperEll"], (request) => ({ ...request, limits: { ...defaultCheckstyleLimits, filesPerRun: 3 } }))
      const found = (file: string) => Either.map(outcomes.get(file) ?? Either.left("none"), (findings) => findings.map((f) => [f.check, f.line]))
      expect(found("A.java")).toEqual(Either.right([["EmptyStatement", 2]]))
      expect(found("-B.java")).toEqual(Either.right([["UpperEll", 2]]))
      expect(found("C.java")).toEqual(Either.left("Checkstyle could not parse it: line 2, column 11: unexpected token: {"))
      expect(found("D.java")).toEqual(Either.right([]))
    }))

  it.effect("fails a file when Checkstyle cannot read its configuration, saying why", () =>
    Effect.gen(function*() {
      const outcomes = yield* runOver({ "A.java": "class A {}\n" }, [], (request) => ({ ...request, configuration: join(request.root, "no-such-config.xml") }))
      expect(outcomes.get("A.java")).toEqual(Either.left(expect.stringMatching(/^Checkstyle wrote no whole report \(exit code \d+\): .*no-such-config\.xml/)))
    }))

  it.effect("fails a file when the JVM cannot start inside its limit, never counting it clean", () =>
    Effect.gen(function*() {
      const outcomes = yield* runOver({ "A.java": "class A {}\n" }, ["EmptyStatement"], (request) => ({
        ...request,
        limits: { ...defaultCheckstyleLimits, run: { ...defaultCheckstyleLimits.run, memoryMegabytes: 256 } }
      }))
      expect(outcomes.get("A.java")).toEqual(Either.left(expect.stringMatching(/^Checkstyle wrote no whole report \(exit code 1\)/)))
    }))
})
