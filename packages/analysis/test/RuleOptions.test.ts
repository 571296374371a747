import tsPlugin from "@typescript-eslint/eslint-plugin"
import { Either, Schema } from "effect"
import { builtinRules } from "eslint/use-at-your-own-risk"
import { describe, expect, it } from "vitest"
import { type ParameterValue, ruleOptions, RuleOptionsMetadata } from "../src/RuleOptions.js"

const metadataOf = (ruleId: string) => {
  const plugin: Readonly<Record<string, unknown>> = tsPlugin.rules
  const module = ruleId.startsWith("@typescript-eslint/") ? plugin[ruleId.slice("@typescript-eslint/".length)] : builtinRules.get(ruleId)
  return Schema.decodeUnknownSync(RuleOptionsMetadata)(module)
}

const options = (ruleId: string, parameters: Readonly<Record<string, string>>) =>
  ruleOptions(
    metadataOf(ruleId),
    Object.entries(parameters).map(([name, value]): ParameterValue => ({ name, value }))
  )

describe("ruleOptions", () => {
  it("puts a named parameter in the object option that declares it, typed as its schema says", () => {
    expect(options("max-depth", { max: "3" })).toEqual(Either.right([{ max: 3 }]))
    expect(options("no-console", { allow: '["warn","error"]' })).toEqual(Either.right([{ allow: ["warn", "error"] }]))
    expect(options("@typescript-eslint/no-explicit-any", { ignoreRestArgs: "true", fixToUnknown: "false" }))
      .toEqual(Either.right([{ ignoreRestArgs: true, fixToUnknown: false }]))
    // A string property stays a string, even one that reads as a number.
    expect(options("no-unused-vars", { varsIgnorePattern: "^_", argsIgnorePattern: "123" }))
      .toEqual(Either.right([{ varsIgnorePattern: "^_", argsIgnorePattern: "123" }]))
  })

  it("gives unnamedParam as the leading string, and fills the positions before a later parameter", () => {
    expect(options("eqeqeq", { unnamedParam: "smart" })).toEqual(Either.right(["smart"]))
    expect(options("eqeqeq", { null: "ignore" })).toEqual(Either.right(["always", { null: "ignore" }]))
    expect(options("eqeqeq", { unnamedParam: "always", null: "never" })).toEqual(Either.right(["always", { null: "never" }]))
    expect(options("no-unused-vars", { unnamedParam: "local" })).toEqual(Either.right(["local"]))
    // no-unused-vars takes "all"/"local" or an object at the same position: the object says more.
    expect(options("no-unused-vars", { unnamedParam: "all", args: "none" })).toEqual(Either.right([{ args: "none" }]))
  })

  it("leaves out empty values and names the rule does not declare", () => {
    expect(options("max-depth", { max: "" })).toEqual(Either.right([]))
    expect(options("max-depth", { depth: "3" })).toEqual(Either.right([]))
    expect(options("no-debugger", { unnamedParam: "x" })).toEqual(Either.right([]))
  })

  it("passes a value that fits no declared type as written, for ESLint to reject", () => {
    expect(options("max-depth", { max: "deep" })).toEqual(Either.right([{ max: "deep" }]))
  })
})
