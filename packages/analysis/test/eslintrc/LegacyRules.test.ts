import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { pluginOfRule, severityOf, translateRule } from "../../src/eslintrc/LegacyRules.js"

describe("translateRule", () => {
  it("normalises ESLint 8's levels", () => {
    expect([0, 1, 2, "off", "warn", "error", "Error", "2"].map(severityOf)).toEqual(["off", "warn", "error", "off", "warn", "error", "error", "error"])
    expect([3, true, "on"].map(severityOf)).toEqual([undefined, undefined, undefined])
    expect(translateRule("semi", [2, "never"])).toEqual(Either.right(["error", "never"]))
    expect(translateRule("semi", 1)).toEqual(Either.right("warn"))
  })

  it("leaves out rules of other plugins, rules ESLint 9 lacks, typed typescript-eslint rules; drops them silently when off", () => {
    const reason = (ruleId: string) => {
      const translated = translateRule(ruleId, "error")
      return translated !== undefined && Either.isLeft(translated) ? translated.left.reason._tag : "kept"
    }
    expect(["import/first", "valid-jsdoc", "@typescript-eslint/no-floating-promises", "@typescript-eslint/no-explicit-any", "no-var"].map(reason))
      .toEqual(["Plugin", "NotInEslint9", "RequiresTypeInformation", "kept", "kept"])
    expect(translateRule("import/first", "off")).toBeUndefined()
    expect(translateRule("no-var", "sometimes")).toMatchObject(Either.left({ reason: { _tag: "InvalidEntry" } }))
  })

  it("gives the options ESLint 9 changed their ESLint 8 default, under those stated", () => {
    expect(translateRule("no-inner-declarations", ["error", "both"])).toEqual(Either.right(["error", "both", { blockScopedFunctions: "disallow" }]))
    expect(translateRule("no-constant-condition", [2, { checkLoops: false }])).toEqual(Either.right(["error", { checkLoops: false }]))
    expect(translateRule("@typescript-eslint/no-unused-vars", [2, { args: "none" }])).toEqual(Either.right(["error", { args: "none", caughtErrors: "none" }]))
    expect(translateRule("no-constant-condition", "error")).toEqual(Either.right("error"))
  })

  it("keeps ESLint 8's caughtErrors: none in no-unused-vars's options unless they say otherwise", () => {
    expect(translateRule("no-unused-vars", ["error", { args: "none" }])).toEqual(Either.right(["error", { args: "none", caughtErrors: "none" }]))
    expect(translateRule("no-unused-vars", ["error", "local"])).toEqual(Either.right(["error", { vars: "local", caughtErrors: "none" }]))
    expect(translateRule("no-unused-vars", ["error", { caughtErrors: "all" }])).toEqual(Either.right(["error", { caughtErrors: "all" }]))
  })

  it("names a rule's plugin as ESLint 8 does", () => {
    expect(["semi", "import/first", "@typescript-eslint/semi", "@scope/name/rule"].map(pluginOfRule)).toEqual([undefined, "import", "@typescript-eslint", "@scope/name"])
  })
})
