import { describe, expect, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { mkdtempSync, chmodSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { checkOfSource, parseFailureOf, readReport } from "../../src/checkstyle/CheckstyleOutput.js"
import { checkstyleEnvironment } from "../../src/checkstyle/CheckstyleProgram.js"
import { childFencesReading } from "../../src/external/ChildFences.js"
import { defaultRunLimits, runConfined } from "../../src/external/ConfinedRun.js"
import { checkoutOf, program } from "./CheckstyleFixture.js"

/** The real Checkstyle's report on `files` with `configuration` (XML), as a run gives it. */
const reportOf = (project: Readonly<Record<string, string>>, configuration: string, files: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const path = yield* program
    const { root } = checkoutOf(project)
    const folder = mkdtempSync(join(tmpdir(), "checkstyle-output-test-"))
    chmodSync(folder, 0o755)
    writeFileSync(join(folder, "config.xml"), configuration, { mode: 0o644 })
    const output = yield* runConfined({
      program: path,
      args: ["-c", join(folder, "config.xml"), "-f", "xml", ...files],
      cwd: root,
      fences: childFencesReading(path, root),
      limits: { ...defaultRunLimits, memoryMegabytes: 2048 },
      environment: checkstyleEnvironment
    })
    return { root, output }
  })

const configuration = [
  `<?xml version="1.0"?>`,
  `<!DOCTYPE module PUBLIC "-//Checkstyle//DTD Checkstyle Configuration 1.3//EN" "https://checkstyle.org/dtds/configuration_1_3.dtd">`,
  `<module name="Checker"><property name="haltOnException" value="false"/>`,
  `<module name="TreeWalker"><module name="EmptyStatement"><property name="id" value="noEmpty"/></module><module name="UpperEll"/></module>`,
  `</module>`
].join("\n")

const project = { "A.java": "class A {\n  void f() { ; }\n  long n = 1l;\n}\n", "B.java": "class B {\n  void f( {\n}\n" }

describe("readReport", () => {
  it.effect("reads the real report: a finding under a module's id goes to its check, a file that does not parse is named", () =>
    Effect.gen(function*() {
      const { output, root } = yield* reportOf(project, configuration, ["A.java", "B.java"])
      const read = readReport(root, { noEmpty: "EmptyStatement" })(["A.java", "B.java"], output)
      const found = Either.map(read, (outcomes) => [...outcomes].map(([file, outcome]) => [file, Either.map(outcome, (findings) => findings.map((f) => [f.check, f.line, f.message]))]))
      expect(found).toEqual(Either.right([
        ["A.java", Either.right([["EmptyStatement", 2, "Empty statement."], ["UpperEll", 3, "Should use uppercase 'L'."]])],
        ["B.java", Either.left("Checkstyle could not parse it: line 2, column 11: unexpected token: {")]
      ]))
    }))

  it.effect("never reads a report cut short, or a run that stopped, as clean", () =>
    Effect.gen(function*() {
      const { output, root } = yield* reportOf(project, configuration, ["A.java"])
      const cut = { ...output, stdout: output.stdout.slice(0, output.stdout.indexOf("<error")) }
      expect(readReport(root, {})(["A.java"], cut)).toEqual(Either.left(expect.stringMatching(/^Checkstyle wrote no whole report/)))
      const refused = yield* reportOf(project, configuration.replace("UpperEll", "NoSuchCheck"), ["A.java"])
      expect(readReport(root, {})(["A.java"], refused.output)).toEqual(Either.left(expect.stringMatching(/^Checkstyle wrote no whole report \(exit code \d+\): .*NoSuchCheck/)))
    }))
})

describe("checkOfSource and parseFailureOf", () => {
  it("names a check by its class, or by the id its module was given", () => {
    expect(checkOfSource("com.puppycrawl.tools.checkstyle.checks.coding.EqualsHashCodeCheck", {})).toBe("EqualsHashCode")
    expect(checkOfSource("com.puppycrawl.tools.checkstyle.checks.UpperEllCheck", {})).toBe("UpperEll")
    expect(checkOfSource("noEmpty", { noEmpty: "EmptyStatement" })).toBe("EmptyStatement")
  })

  it("says what Checkstyle could not do when its exception names no parser position", () => {
    expect(parseFailureOf("Got an exception - java.lang.StackOverflowError\n\tat x")).toBe("Checkstyle could not analyse it: java.lang.StackOverflowError")
  })
})
