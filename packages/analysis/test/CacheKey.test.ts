import { describe, expect, it } from "@effect/vitest"
import { cacheKey, treeDigest } from "../src/CacheKey.js"

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

describe("treeDigest", () => {
  it("digests files together, whatever their order, and changes with any path or content", () => {
    const a = { path: "a.sh", content: ". ./b.sh\n" }
    const b = { path: "b.sh", content: "x=1\n" }
    expect(treeDigest([a, b])).toBe(treeDigest([b, a]))
    expect(treeDigest([a, { ...b, content: "x=2\n" }])).not.toBe(treeDigest([a, b]))
    expect(treeDigest([a, { ...b, path: "c.sh" }])).not.toBe(treeDigest([a, b]))
  })
})
