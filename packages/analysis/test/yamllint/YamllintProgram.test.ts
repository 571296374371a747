import { describe, expect, it } from "vitest"
import { versionOf } from "../../src/yamllint/YamllintProgram.js"

describe("versionOf", () => {
  it("reads yamllint --version's answer", () => {
    expect(versionOf("yamllint 1.29.0\n")).toBe("1.29.0")
    expect(versionOf("usage: yamllint\n")).toBeUndefined()
  })
})
