import { describe, expect, it } from "vitest"
import type { RuleModule } from "../scripts/RuleMetadata.js"
import { ruleParameters } from "../scripts/RuleParameters.js"

const rule = (schema: unknown, defaults?: ReadonlyArray<unknown>): RuleModule => ({
  meta: { type: "suggestion", schema, ...(defaults !== undefined ? { defaultOptions: defaults } : {}) }
})

describe("ruleParameters", () => {
  it("turns a leading string choice into unnamedParam and object properties into named parameters", () => {
    const schema = [
      { enum: ["never", "always"] },
      { type: "object", properties: { max: { type: "integer", default: 3 }, except: { type: "array" } } }
    ]
    expect(ruleParameters(rule(schema))).toEqual([
      { name: "unnamedParam", description: "enum option: never | always", default: "never" },
      { name: "max", description: "integer option", default: "3" },
      { name: "except", description: "array option", default: "" }
    ])
  })

  it("prefers the rule's default options to the first choice and to schema defaults", () => {
    const schema = [
      { enum: ["never", "always"] },
      { type: "object", properties: { max: { type: "integer", default: 3 }, ignore: { type: "string" } } }
    ]
    const parameters = ruleParameters(rule(schema, ["always", { max: 10, ignore: "^_" }]))
    expect(parameters.map((p) => [p.name, p.default])).toEqual([
      ["unnamedParam", "always"],
      ["max", "10"],
      ["ignore", "^_"]
    ])
  })

  it("follows local $refs and merges the tuples of a top-level choice", () => {
    const schema = {
      definitions: { mode: { enum: ["always", "as-needed"] } },
      anyOf: [
        { type: "array", items: [{ $ref: "#/definitions/mode" }, { type: "object", properties: { a: { $ref: "#/definitions/mode" } } }] },
        { type: "array", items: [{ const: "never" }] }
      ]
    }
    expect(ruleParameters(rule(schema))).toEqual([
      { name: "unnamedParam", description: "enum option: always | as-needed | never", default: "always" },
      { name: "a", description: "enum option: always | as-needed", default: "" }
    ])
  })

  it("gives no parameter for lists, bare numbers, cycles or no schema", () => {
    expect(ruleParameters(rule({ type: "array", items: { type: "string" } }))).toEqual([])
    expect(ruleParameters(rule([{ type: "integer" }]))).toEqual([])
    expect(ruleParameters(rule({ definitions: { x: { $ref: "#/definitions/x" } }, items: [{ $ref: "#/definitions/x" }] }))).toEqual([])
    expect(ruleParameters(rule(undefined))).toEqual([])
    expect(ruleParameters(rule(false))).toEqual([])
  })
})
