import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect } from "effect"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeCppcheckTool, optionsOf } from "../../src/cppcheck/CppcheckTool.js"
import { defaultCppcheckLimits } from "../../src/cppcheck/CppcheckRun.js"
import type { EnabledRule } from "../../src/EnabledRule.js"
import { LintCache } from "../../src/LintCache.js"
import * as MemoryAnalysisCache from "../../src/MemoryAnalysisCache.js"
import type { SourceFile } from "../../src/SourceTree.js"
import { broken, checkoutOf, cppcheckDefinition, cppcheckRule, defaultRules, project } from "./CppcheckFixture.js"

const tool = makeCppcheckTool(cppcheckDefinition)

const run = (root: string, files: ReadonlyArray<SourceFile>, rules: ReadonlyArray<EnabledRule> = defaultRules, which = tool) =>
  Effect.flatten(which.start(root, files, { rules, useConfigurationFile: false, configurationByDefault: false }))

const issuesOf = (result: { readonly issues: ReadonlyArray<{ readonly file: string; readonly line: number; readonly patternId: string; readonly severity: string }> }) =>
  result.issues.map((issue) => [issue.file, issue.line, issue.patternId, issue.severity])

describe("makeCppcheckTool", () => {
  it("takes C, C++ and their headers, measures them as cloc names them, and takes the prefix off", () => {
    expect(tool.languages).toEqual(["C", "C++", "C/C++ Header"])
    for (const path of ["a.c", "b.cpp", "c.cc", "d.h", "e.hpp"]) expect(tool.takes({ path, content: "" }), path).toBe(true)
    for (const path of ["a.cs", "Makefile", "b.go", "c.m"]) expect(tool.takes({ path, content: "" }), path).toBe(false)
    expect(tool.ruleIdOf("Cppcheck_nullPointer")).toBe("nullPointer")
    expect(tool.configurationOf([{ path: ".cppcheck-suppressions", content: "" }])).toBeUndefined()
  })

  it("asks Cppcheck for the severities of the enabled patterns only, one configuration per source", () => {
    expect(optionsOf([cppcheckRule("nullPointer", "Error")])).toEqual(["--quiet", "--xml", "--xml-version=2", "--inline-suppr", "--max-configs=1"])
    expect(optionsOf(defaultRules).at(-1)).toBe("--enable=performance,warning")
    expect(optionsOf([cppcheckRule("variableScope", "Info"), cppcheckRule("AssignmentAddressToInteger", "Warning")]).at(-1)).toBe("--enable=portability,style")
  })

  it.effect("reports a known issue of each default family with its pattern, line, message and severity, a header's at the header's line", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf({ ...project, "README.md": "# store\n" })
      const { problems, result } = yield* run(root, files)
      expect(problems).toEqual([])
      // Two sources and two headers.
      expect(result.lintedFiles).toBe(4)
      expect(result.issues.map((i) => [i.file, i.line, i.patternId, i.severity, i.message])).toEqual([
        ["include/holder.hpp", 5, "Cppcheck_uninitMemberVar", "Warning", "Member variable 'Holder::count' is not initialized in the constructor."],
        ["src/names.cpp", 4, "Cppcheck_passedByValue", "Warning", "Function parameter 'name' should be passed by const reference."],
        ["src/store.c", 6, "Cppcheck_nullPointer", "Error", "Null pointer dereference: items"],
        ["src/store.c", 11, "Cppcheck_uninitvar", "Error", "Uninitialized variable: sum"],
        ["src/store.c", 17, "Cppcheck_memleak", "Error", "Memory leak: buffer"],
        ["src/store.c", 21, "Cppcheck_arrayIndexOutOfBounds", "Error", "Array 'values[3]' accessed at index 3, which is out of bounds."],
        ["src/store.h", 6, "Cppcheck_zerodiv", "Error", "Division by zero."]
      ])
      expect(result.failedFiles).toEqual([])
    }))

  it.effect("reports only the enabled patterns, and honours the code's own suppressions and the repository's list", () =>
    Effect.gen(function*() {
      const suppressed = project["src/store.c"]?.replace("    return *items;", "    // cppcheck-suppress nullPointer\n    return *items;") ?? ""
      const { files, root } = checkoutOf({
        ...project,
        "src/store.c": suppressed,
        ".cppcheck-suppressions": "# reviewed\nuninitvar:src/store.c\nzerodiv:src/*.h:6\nnot a suppression\n"
      })
      const { problems, result } = yield* run(root, files)
      expect(issuesOf(result)).toEqual([
        ["include/holder.hpp", 5, "Cppcheck_uninitMemberVar", "Warning"],
        ["src/names.cpp", 4, "Cppcheck_passedByValue", "Warning"],
        ["src/store.c", 18, "Cppcheck_memleak", "Error"],
        ["src/store.c", 22, "Cppcheck_arrayIndexOutOfBounds", "Error"]
      ])
      expect(problems.map((p) => [p.code, p.file, p.message])).toEqual([
        ["unsupported_configuration", ".cppcheck-suppressions", ".cppcheck-suppressions: line 4: \"not a suppression\" is not id[:file[:line]]"]
      ])
      const some = yield* run(root, files, [cppcheckRule("memleak", "Error")])
      expect(issuesOf(some.result)).toEqual([["src/store.c", 18, "Cppcheck_memleak", "Error"]])
      const none = yield* run(root, files, [])
      expect([none.result.issues, none.result.lintedFiles]).toEqual([[], 4])
    }))

  it.effect("counts an error check's finding Cppcheck can only say is possible where the pattern asks for them", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf({ "p.c": "static int deref(int *p) {\n    return *p;\n}\n\nint caller(void) {\n    return deref(0);\n}\n" })
      expect((yield* run(root, files)).result.issues).toEqual([])
      const possible = { ...cppcheckRule("nullPointer", "Error"), parameters: [{ name: "possible", value: "true" }] }
      const { result } = yield* run(root, files, [possible])
      // At the severity Cppcheck reported it with; the whole program's `ctunullpointer` of the same line is left out.
      expect(result.issues.map((i) => [i.file, i.line, i.patternId, i.severity, i.message])).toEqual([["p.c", 2, "Cppcheck_nullPointer", "Warning", "Possible null pointer dereference: p"]])
    }))

  it.effect("names a source Cppcheck cannot parse as not analysed, never clean, and checks the others", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf({ "src/broken.c": broken, "src/ok.c": "int zero(void) { int d = 0; return 1 / d; }\n" })
      const { result } = yield* run(root, files)
      expect(result.failedFiles.map((f) => [f.file, f.reason])).toEqual([["src/broken.c", "Cppcheck could not analyse it: src/broken.c:1: Unmatched '{'. (syntaxError)"]])
      expect(issuesOf(result)).toEqual([["src/ok.c", 1, "Cppcheck_zerodiv", "Error"]])
    }))

  it.effect("checks each source once through the per-file cache, and again when it or a header changes", () =>
    Effect.gen(function*() {
      const cache = yield* MemoryAnalysisCache.makeLint
      const checkout = checkoutOf(project)
      const lint = (files: ReadonlyArray<SourceFile>) => run(checkout.root, files).pipe(Effect.provideService(LintCache, cache))
      const first = issuesOf((yield* lint(checkout.files)).result)
      // On disk the files change, in the tree read they do not: the cached messages answer, a header's too.
      writeFileSync(join(checkout.root, "src/store.c"), "int fine(void) { return 0; }\n")
      writeFileSync(join(checkout.root, "src/store.h"), "\n")
      expect(issuesOf((yield* lint(checkout.files)).result)).toEqual(first)
      // Read again, the source is checked again (and the header as it is in the tree).
      const changed = checkout.files.map((f) => (f.path === "src/store.c" ? { ...f, content: "int fine(void) { return 0; }\n" } : f))
      expect(issuesOf((yield* lint(changed)).result).filter(([file]) => String(file).startsWith("src/store"))).toEqual([])
      // A header changes: the sources that may include it are checked again.
      writeFileSync(join(checkout.root, "include/holder.hpp"), "class Holder {};\n")
      const header = changed.map((f) => (f.path === "include/holder.hpp" ? { ...f, content: "class Holder {};\n" } : f))
      expect(issuesOf((yield* lint(header)).result)).toEqual([["src/names.cpp", 4, "Cppcheck_passedByValue", "Warning"]])
    }))

  it.effect("respects its time limit: what is left once the tree's time is spent fails, named", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf(project)
      const spent = makeCppcheckTool(cppcheckDefinition, { limits: { ...defaultCppcheckLimits, total: Duration.zero } })
      const { result } = yield* run(root, files, defaultRules, spent)
      expect(result.issues).toEqual([])
      expect(result.failedFiles.map((f) => f.file)).toEqual(["src/names.cpp", "src/store.c"])
      expect(result.failedFiles[0]?.reason).toContain("ran out")
      const short = makeCppcheckTool(cppcheckDefinition, { limits: { ...defaultCppcheckLimits, run: { ...defaultCppcheckLimits.run, timeout: Duration.millis(1) } } })
      const stopped = (yield* run(root, files, defaultRules, short)).result
      expect(stopped.failedFiles.map((f) => [f.file, f.reason])).toEqual([
        ["src/names.cpp", "Cppcheck did not finish within 1ms"],
        ["src/store.c", "Cppcheck did not finish within 1ms"]
      ])
    }))

  it.effect("is not installed where Cppcheck is not on the search path: it says how to install it, and never runs clean", () =>
    Effect.gen(function*() {
      const absent = makeCppcheckTool(cppcheckDefinition, { searchPath: "/nonexistent" })
      expect(yield* absent.availability ?? Effect.die("no availability")).toEqual({
        _tag: "NotInstalled",
        reason: "cppcheck is not on the search path",
        install: "install cppcheck (apt-get install cppcheck; scripts/install-analysers.sh installs every analyser)"
      })
      const { files, root } = checkoutOf(project)
      const failed = yield* Effect.flip(run(root, files, defaultRules, absent))
      expect(failed).toMatchObject({ _tag: "ToolFailed", tool: "Cppcheck" })
      expect(failed.reason).toContain("install cppcheck")
      expect(yield* tool.availability ?? Effect.die("no availability")).toEqual({ _tag: "Installed", version: expect.stringMatching(/^\d+\.\d+/) })
    }))
})
