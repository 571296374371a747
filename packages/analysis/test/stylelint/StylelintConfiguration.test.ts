import { describe, expect, it } from "vitest"
import { treeConfiguration } from "../../src/stylelint/StylelintConfiguration.js"
import { stylelintRuleNames } from "../../src/stylelint/StylelintEngine.js"
import { configurationNames, filesOf } from "./StylelintFixture.js"

const read = (files: Readonly<Record<string, string>>) =>
  treeConfiguration({ tool: "Stylelint", names: configurationNames, knownRules: stylelintRuleNames() }, filesOf(files))

describe("treeConfiguration", () => {
  it("follows `extends` of stylelint-config-recommended and of the repository's own files, the later on top", () => {
    const tree = read({
      ".stylelintrc.json": JSON.stringify({ extends: ["stylelint-config-recommended", "./config/base.yml"], rules: { "color-hex-length": "short" } }),
      "config/base.yml": "rules:\n  block-no-empty: null\n  color-hex-length: long\n"
    })
    const rules = tree.settingsOf("a.css")?.config.rules ?? {}
    expect(tree.problems).toEqual([])
    expect(tree.root).toBe(".stylelintrc.json")
    expect(rules["property-no-unknown"]).toBe(true)
    expect(rules["block-no-empty"]).toBeUndefined()
    expect(rules["color-hex-length"]).toBe("short")
  })

  it("says an `extends` out of the tree, missing, circular or of code, and applies the rest", () => {
    const tree = read({
      ".stylelintrc.json": JSON.stringify({ extends: ["../shared.json", "./missing.json", "./self.json", "./code.js"], rules: { "block-no-empty": true } }),
      "self.json": JSON.stringify({ extends: "./self.json" }),
      "code.js": "module.exports = {}"
    })
    expect(tree.problems.map((problem) => problem.message)).toEqual([
      expect.stringContaining("`extends: ../shared.json` is not followed"),
      expect.stringContaining("`extends: ./missing.json` is not followed"),
      expect.stringContaining("self.json: `extends: ./self.json` is not followed"),
      expect.stringContaining("`extends: ./code.js` cannot be read (a JavaScript configuration is code")
    ])
    expect(tree.settingsOf("a.css")?.config.rules).toEqual({ "block-no-empty": true })
  })

  it("applies overrides by glob (a name at any depth, `!` excluding) and `ignoreFiles` relative to the configuration's folder", () => {
    const tree = read({
      "web/.stylelintrc.json": JSON.stringify({
        rules: { "block-no-empty": true },
        ignoreFiles: ["legacy/**", "!legacy/keep.css"],
        overrides: [{ files: ["*.scss", "!skip/**"], rules: { "block-no-empty": null } }]
      })
    })
    expect(tree.root).toBeUndefined()
    expect(tree.settingsOf("a.css")).toBeUndefined()
    expect(tree.settingsOf("web/a.css")).toMatchObject({ file: "web/.stylelintrc.json", ignored: false, config: { rules: { "block-no-empty": true } } })
    expect(tree.settingsOf("web/deep/b.scss")?.config.rules).toEqual({})
    expect(tree.settingsOf("web/skip/c.scss")?.config.rules).toEqual({ "block-no-empty": true })
    expect(tree.settingsOf("web/legacy/old.css")?.ignored).toBe(true)
    expect(tree.settingsOf("web/legacy/keep.css")?.ignored).toBe(false)
  })

  it("gives a folder whose configuration cannot be read, or is code, the configuration above it, and says so", () => {
    const tree = read({
      ".stylelintrc": "rules:\n  block-no-empty: true\n",
      "a/.stylelintrc.json": "{ nope",
      "b/stylelint.config.mjs": "export default {}",
      "c/.stylelintrc.yml": "rules: [1]\n"
    })
    expect(tree.problems.map((problem) => [problem.code, problem.file])).toEqual([
      ["unreadable_configuration", "a/.stylelintrc.json"],
      ["unsupported_configuration", "b/stylelint.config.mjs"],
      ["unreadable_configuration", "c/.stylelintrc.yml"]
    ])
    expect(tree.problems[2]?.message).toContain("the configuration of the folders above applies instead")
    for (const path of ["a/x.css", "b/x.css", "c/x.css"]) expect(tree.settingsOf(path)?.file).toBe(".stylelintrc")
  })

  it("passes language options on, and says what of a config it does not follow", () => {
    const tree = read({
      ".stylelintrc.json": JSON.stringify({
        customSyntax: "postcss-html",
        referenceFiles: ["tokens.css"],
        languageOptions: { syntax: { properties: { "x-size": "<length>" } } },
        overrides: [{ files: "*.scss", customSyntax: "postcss-scss" }]
      })
    })
    expect(tree.settingsOf("a.css")?.config).toEqual({ languageOptions: { syntax: { properties: { "x-size": "<length>" } } }, rules: {} })
    expect(tree.problems.map((problem) => problem.message)).toEqual([
      expect.stringContaining("`customSyntax: postcss-html` is not shipped with Tidemark"),
      expect.stringContaining("`referenceFiles` is not followed")
    ])
  })
})
