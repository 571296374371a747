import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { execFileSync } from "node:child_process"
import { cppcheckOnPath, installHint, versionOf } from "../../src/cppcheck/CppcheckProgram.js"

describe("cppcheckOnPath", () => {
  it.effect("finds the installed Cppcheck with its version", () =>
    Effect.gen(function*() {
      const found = yield* cppcheckOnPath("/usr/local/bin:/usr/bin:/bin")
      expect(found._tag).toBe("InstalledProgram")
      if (found._tag !== "InstalledProgram") return
      expect(execFileSync(found.path, ["--version"], { encoding: "utf8" }).trim()).toBe(`Cppcheck ${found.version}`)
    }))

  it.effect("says it is missing from a search path without it", () =>
    Effect.gen(function*() {
      expect(yield* cppcheckOnPath("/nonexistent")).toMatchObject({ _tag: "MissingProgram", name: "cppcheck", reason: "cppcheck is not on the search path" })
      expect(installHint).toBe("install cppcheck (apt-get install cppcheck; scripts/install-analysers.sh installs every analyser)")
    }))

  it("reads the version of `cppcheck --version`", () => {
    expect(versionOf("Cppcheck 2.10\n")).toBe("2.10")
    expect(versionOf("Cppcheck 2.13.0 dev\n")).toBe("2.13.0")
    expect(versionOf("cppcheck: error\n")).toBeUndefined()
  })
})
