import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { decodeStylelintConfig, emptyLayer, listOf, mergedLayer, passedOptionsOf } from "../../src/stylelint/StylelintConfigData.js"

describe("StylelintConfigData", () => {
  it("keeps the fields Tidemark follows and drops those about reporting", () => {
    const decoded = decodeStylelintConfig({
      extends: ["stylelint-config-recommended"],
      rules: { "block-no-empty": [true, { ignore: ["comments"] }] },
      languageOptions: { syntax: { properties: { "x-size": "<length>" } } },
      reportNeedlessDisables: true,
      overrides: [{ files: "*.scss", rules: {} }]
    })
    expect(decoded).toEqual(Either.right({
      extends: ["stylelint-config-recommended"],
      rules: { "block-no-empty": [true, { ignore: ["comments"] }] },
      languageOptions: { syntax: { properties: { "x-size": "<length>" } } },
      overrides: [{ files: "*.scss", rules: {} }]
    }))
  })

  it("says where a config is wrong", () => {
    expect(decodeStylelintConfig({ rules: [] })).toEqual(Either.left(expect.stringMatching(/^at rules: /)))
    expect(decodeStylelintConfig({ overrides: [{ rules: {} }] })).toEqual(Either.left(expect.stringMatching(/^at overrides\.0\.files: /)))
  })

  it("merges as Stylelint merges an `extends`: rules by name, overrides one after the other, other fields replaced", () => {
    const below = {
      ...emptyLayer,
      rules: { a: true, b: [true, { ignore: ["x"] }] },
      options: passedOptionsOf({ ignoreDisables: true }),
      ignoreFiles: { folder: "", globs: ["dist/**"] },
      overrides: [{ files: { folder: "", globs: ["*.scss"] }, layer: emptyLayer }]
    }
    const above = { ...emptyLayer, rules: { b: true, c: "always" }, overrides: [{ files: { folder: "", globs: ["*.less"] }, layer: emptyLayer }] }
    const merged = mergedLayer(below, above)
    expect(merged.rules).toEqual({ a: true, b: true, c: "always" })
    expect(merged.options).toEqual({ ignoreDisables: true })
    expect(merged.ignoreFiles).toEqual({ folder: "", globs: ["dist/**"] })
    expect(merged.overrides.map((override) => override.files.globs)).toEqual([["*.scss"], ["*.less"]])
    expect(listOf("a")).toEqual(["a"])
    expect(listOf(undefined)).toEqual([])
  })
})
