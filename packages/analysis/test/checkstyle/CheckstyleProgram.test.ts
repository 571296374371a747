import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { checkstyleOnPath, versionOf } from "../../src/checkstyle/CheckstyleProgram.js"

describe("versionOf", () => {
  it("reads checkstyle --version's answer", () => {
    expect(versionOf("Checkstyle version: 8.36.1\n")).toBe("8.36.1")
    expect(versionOf("Picked up JAVA_TOOL_OPTIONS: -Xmx512m\nCheckstyle version: 10.12.4\n")).toBe("10.12.4")
    expect(versionOf("Error occurred during initialization of VM\n")).toBeUndefined()
  })
})

describe("checkstyleOnPath", () => {
  it.effect("finds the installed Checkstyle and reads its version behind the fences (its JVM sized to start inside them)", () =>
    Effect.gen(function*() {
      expect(yield* checkstyleOnPath()).toMatchObject({ _tag: "InstalledProgram", name: "checkstyle", version: "8.36.1" })
      expect(yield* checkstyleOnPath("/nonexistent")).toMatchObject({ _tag: "MissingProgram", reason: "checkstyle is not on the search path" })
    }))
})
