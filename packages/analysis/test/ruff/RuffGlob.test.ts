import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { ruffGlob } from "../../src/ruff/RuffGlob.js"

const matches = (glob: string, candidate: string) => Either.getOrThrow(ruffGlob(glob))(candidate)

describe("ruffGlob", () => {
  it("lets * and ? match across folders, as globset does by default", () => {
    expect(matches("/tests/*", "/tests/unit/test_a.py")).toBe(true)
    expect(matches("*.py", "/src/a.py")).toBe(true)
    expect(matches("/src/?.py", "/src/a.py")).toBe(true)
    expect(matches("*.py", "/src/a.pyi")).toBe(false)
  })

  it("matches no folder or any number of them with **", () => {
    expect(matches("**/conftest.py", "conftest.py")).toBe(true)
    expect(matches("/a/**/b.py", "/a/b.py")).toBe(true)
    expect(matches("/a/**/b.py", "/a/x/y/b.py")).toBe(true)
    expect(matches("/a/**", "/a")).toBe(false)
  })

  it("reads classes, alternatives and escapes", () => {
    expect(matches("test_[ab].py", "test_a.py")).toBe(true)
    expect(matches("test_[!ab].py", "test_a.py")).toBe(false)
    expect(matches("test_[0-9].py", "test_7.py")).toBe(true)
    expect(matches("{docs,tools}/*", "tools/x.py")).toBe(true)
    expect(matches("a\\*.py", "a*.py")).toBe(true)
    expect(matches("a\\*.py", "ab.py")).toBe(false)
    expect(matches("a.py", "aXpy")).toBe(false)
  })

  it("refuses an unclosed class or alternative", () => {
    expect(Either.isLeft(ruffGlob("test_[ab.py"))).toBe(true)
    expect(Either.isLeft(ruffGlob("{a,b"))).toBe(true)
  })
})
