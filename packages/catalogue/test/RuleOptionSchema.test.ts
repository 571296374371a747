import { describe, expect, it } from "vitest"
import { flatten, optionPositions, optionsSchema, properties, resolve, stringChoices } from "../src/RuleOptionSchema.js"

describe("RuleOptionSchema", () => {
  it("reads an array meta.schema as the tuple of the rule's options", () => {
    expect(optionsSchema([{ enum: ["a"] }])).toEqual({ type: "array", items: [{ enum: ["a"] }] })
    expect(optionsSchema({ type: "array" })).toEqual({ type: "array" })
    expect(optionsSchema(undefined)).toBeUndefined()
    expect(optionsSchema(false)).toBeUndefined()
  })

  it("follows local $refs, with JSON pointer escapes, and stops at a cycle", () => {
    const root = {
      definitions: { "a/b": { $ref: "#/definitions/c~0d" }, "c~d": { type: "integer" }, loop: { $ref: "#/definitions/loop" } },
      items: [{ type: "string" }]
    }
    expect(resolve(root, { $ref: "#/definitions/a~1b" })).toEqual({ type: "integer" })
    expect(resolve(root, { $ref: "#/items/0" })).toEqual({ type: "string" })
    expect(resolve(root, { $ref: "#/definitions/missing" })).toEqual({ $ref: "#/definitions/missing" })
    expect(resolve(root, { $ref: "#/definitions/loop" })).toEqual({ $ref: "#/definitions/loop" })
    expect(resolve(root, { $ref: "https://example.com/schema" })).toEqual({ $ref: "https://example.com/schema" })
  })

  it("spreads nested anyOf/oneOf alternatives, resolving each", () => {
    const root = { $defs: { n: { type: "number" } } }
    const schema = { anyOf: [{ oneOf: [{ enum: ["x"] }, { $ref: "#/$defs/n" }] }, { type: "boolean" }] }
    expect(flatten(root, schema)).toEqual([{ enum: ["x"] }, { type: "number" }, { type: "boolean" }])
  })

  it("merges a choice of option tuples position by position", () => {
    // eqeqeq's shape: ["always", {null}] or ["smart"]
    const root = {
      anyOf: [
        { type: "array", items: [{ enum: ["always"] }, { type: "object", properties: { null: { enum: ["ignore"] } } }] },
        { type: "array", items: [{ enum: ["smart", "allow-null"] }] }
      ]
    }
    expect(optionPositions(root)).toEqual([
      [{ enum: ["always"] }, { enum: ["smart", "allow-null"] }],
      [{ type: "object", properties: { null: { enum: ["ignore"] } } }]
    ])
  })

  it("gives no positions for options that are not a tuple", () => {
    expect(optionPositions({ type: "array", items: { type: "string" } })).toEqual([])
  })

  it("reads string choices and declared properties", () => {
    expect(stringChoices({ enum: ["a", "b"] })).toEqual(["a", "b"])
    expect(stringChoices({ const: "c" })).toEqual(["c"])
    expect(stringChoices({ enum: ["a", 1] })).toEqual([])
    expect(properties({ properties: { max: { type: "integer" }, bad: true } })).toEqual([["max", { type: "integer" }]])
  })
})
