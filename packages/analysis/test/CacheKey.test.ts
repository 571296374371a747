import { describe, expect, it } from "@effect/vitest"
import { cacheKey } from "../src/CacheKey.js"

describe("cacheKey", () => {
  it("is the same for the same inputs and differs when any part or the content does", () => {
    const key = cacheKey(["scheme-1", "tool 1.0", "{}", "a.md"], "# A\n")
    expect(cacheKey(["scheme-1", "tool 1.0", "{}", "a.md"], "# A\n")).toBe(key)
    expect(key).toMatch(/^[0-9a-f]{64}$/)
    const others = [
      cacheKey(["scheme-2", "tool 1.0", "{}", "a.md"], "# A\n"),
      cacheKey(["scheme-1", "tool 1.1", "{}", "a.md"], "# A\n"),
      cacheKey(["scheme-1", "tool 1.0", "{\"x\":1}", "a.md"], "# A\n"),
      cacheKey(["scheme-1", "tool 1.0", "{}", "b.md"], "# A\n"),
      cacheKey(["scheme-1", "tool 1.0", "{}", "a.md"], "# B\n")
    ]
    expect(new Set([key, ...others]).size).toBe(6)
  })
})
