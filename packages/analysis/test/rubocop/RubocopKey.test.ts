import { describe, expect, it } from "vitest"
import { rubocopLintKey } from "../../src/rubocop/RubocopKey.js"

describe("rubocopLintKey", () => {
  it("changes with the version, the plan, the path, the content and the files the Ruby version is read from", () => {
    const key = rubocopLintKey("1.39.0", "plan", "a.rb", "x = 1\n", "versions")
    expect(rubocopLintKey("1.39.0", "plan", "a.rb", "x = 1\n", "versions")).toBe(key)
    const others = [
      rubocopLintKey("1.60.0", "plan", "a.rb", "x = 1\n", "versions"),
      rubocopLintKey("1.39.0", "other plan", "a.rb", "x = 1\n", "versions"),
      rubocopLintKey("1.39.0", "plan", "b.rb", "x = 1\n", "versions"),
      rubocopLintKey("1.39.0", "plan", "a.rb", "x = 2\n", "versions"),
      rubocopLintKey("1.39.0", "plan", "a.rb", "x = 1\n", "other versions")
    ]
    expect(new Set([key, ...others]).size).toBe(6)
  })
})
