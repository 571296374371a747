import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { execFileSync } from "node:child_process"
import { installHint, optionalChecksOf, shellCheckOnPath } from "../../src/shellcheck/ShellCheckProgram.js"

describe("shellCheckOnPath", () => {
  it.effect("finds the installed ShellCheck with its version and the optional checks it lists", () =>
    Effect.gen(function*() {
      const found = yield* shellCheckOnPath("/usr/local/bin:/usr/bin:/bin")
      expect(found._tag).toBe("ShellCheckProgram")
      if (found._tag !== "ShellCheckProgram") return
      expect(execFileSync(found.path, ["--version"], { encoding: "utf8" })).toContain(`version: ${found.version}`)
      expect(found.optionalChecks).toEqual(optionalChecksOf(execFileSync(found.path, ["--list-optional"], { encoding: "utf8" })))
      expect(found.optionalChecks).toContain("require-variable-braces")
    }))

  it.effect("says it is missing from a search path without it", () =>
    Effect.gen(function*() {
      const found = yield* shellCheckOnPath("/nonexistent")
      expect(found).toMatchObject({ _tag: "MissingProgram", name: "shellcheck", reason: "shellcheck is not on the search path" })
      expect(installHint).toBe("install shellcheck (apt-get install shellcheck; scripts/install-analysers.sh installs every analyser)")
    }))
})

describe("optionalChecksOf", () => {
  it("reads the names of `shellcheck --list-optional`", () => {
    expect(optionalChecksOf("name:    add-default-case\ndesc:    Suggest\n\nname:    deprecate-which\ndesc:    x\n")).toEqual(["add-default-case", "deprecate-which"])
  })
})
