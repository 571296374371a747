import { describe, expect, it } from "@effect/vitest"
import { canonicalJson } from "../src/CanonicalJson.js"

describe("canonicalJson", () => {
  it("writes objects the same whatever the order of their keys, at every depth, and keeps arrays in order", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe("{\"a\":{\"c\":null,\"d\":[2,1]},\"b\":1}")
    expect(canonicalJson({ a: { c: null, d: [2, 1] }, b: 1 })).toBe(canonicalJson({ b: 1, a: { d: [2, 1], c: null } }))
    expect(canonicalJson([{ y: 1, x: 2 }])).toBe("[{\"x\":2,\"y\":1}]")
  })
})
