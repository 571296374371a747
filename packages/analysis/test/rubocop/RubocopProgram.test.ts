import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { execFileSync } from "node:child_process"
import { installHint, rubocopOnPath, versionOf } from "../../src/rubocop/RubocopProgram.js"

describe("rubocopOnPath", () => {
  it.effect("finds the installed RuboCop with its version", () =>
    Effect.gen(function*() {
      const found = yield* rubocopOnPath("/usr/local/bin:/usr/bin:/bin")
      expect(found._tag).toBe("InstalledProgram")
      if (found._tag !== "InstalledProgram") return
      expect(execFileSync(found.path, ["--version"], { encoding: "utf8", cwd: "/" }).trim()).toBe(found.version)
    }))

  it.effect("says it is missing from a search path without it", () =>
    Effect.gen(function*() {
      expect(yield* rubocopOnPath("/nonexistent")).toMatchObject({ _tag: "MissingProgram", name: "rubocop", reason: "rubocop is not on the search path" })
      expect(installHint).toBe("install rubocop (apt-get install rubocop; scripts/install-analysers.sh installs every analyser)")
    }))

  it("reads the version of `rubocop --version`", () => {
    expect(versionOf("1.39.0\n")).toBe("1.39.0")
    expect(versionOf("1.60.2\n - rubocop-rspec 2.26.1\n")).toBe("1.60.2")
    expect(versionOf("rubocop: error\n")).toBeUndefined()
  })
})
