import { describe, expect, it } from "vitest"
import { canonicalJson } from "../src/CanonicalJson.js"

describe("canonicalJson", () => {
  it("writes objects the same whatever the order of their keys, at any depth, and keeps the order of arrays", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(`{"a":{"c":null,"d":[2,1]},"b":1}`)
    expect(canonicalJson({ a: { c: null, d: [2, 1] }, b: 1 })).toBe(canonicalJson({ b: 1, a: { d: [2, 1], c: null } }))
    expect(canonicalJson(["x", "y"])).not.toBe(canonicalJson(["y", "x"]))
  })
})
