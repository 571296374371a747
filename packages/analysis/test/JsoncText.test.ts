import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { parseJsonc } from "../src/JsoncText.js"

describe("parseJsonc", () => {
  it("reads JSON with comments and trailing commas, and says why other text is not JSON", () => {
    expect(parseJsonc("{\n  // a comment\n  \"a\": [1, 2,],\n  /* another */ \"b\": true,\n}")).toEqual(Either.right({ a: [1, 2], b: true }))
    expect(Either.isLeft(parseJsonc("{\"a\": "))).toBe(true)
  })
})
