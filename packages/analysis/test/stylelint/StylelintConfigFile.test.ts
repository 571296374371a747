import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { configurationFilesOf, folderOf, isCodeConfiguration, readConfigurationFile } from "../../src/stylelint/StylelintConfigFile.js"
import { configurationNames, filesOf } from "./StylelintFixture.js"

describe("StylelintConfigFile", () => {
  it("finds each folder's configuration, the first of Stylelint's order, package.json only with `stylelint`", () => {
    const found = configurationFilesOf(filesOf({
      ".stylelintrc.yml": "",
      ".stylelintrc": "{}",
      "package.json": `{"name": "x"}`,
      "web/package.json": `{"stylelint": {"rules": {}}}`,
      "web/.stylelintrc.json": "{}",
      "admin/stylelint.config.js": "module.exports = {}",
      "docs/README.md": "# docs"
    }), configurationNames)
    expect([...found].map(([folder, file]) => [folder, file.path])).toEqual([
      ["", ".stylelintrc"],
      ["admin", "admin/stylelint.config.js"],
      ["web", "web/package.json"]
    ])
  })

  it("reads JSON, YAML (an extensionless .stylelintrc is either) and package.json's key; JavaScript is code", () => {
    const read = (path: string, content: string) => readConfigurationFile({ path, content })
    expect(read(".stylelintrc", `{"rules": {"block-no-empty": true}}`)).toEqual(Either.right({ rules: { "block-no-empty": true } }))
    expect(read(".stylelintrc", "rules:\n  block-no-empty: true\n")).toEqual(Either.right({ rules: { "block-no-empty": true } }))
    expect(read(".stylelintrc.yaml", "extends: stylelint-config-recommended\n")).toEqual(Either.right({ extends: "stylelint-config-recommended" }))
    expect(read("package.json", `{"stylelint": {"rules": {}}}`)).toEqual(Either.right({ rules: {} }))
    expect(Either.isLeft(read(".stylelintrc.json", "{ rules: }"))).toBe(true)
    expect(read(".stylelintrc.cjs", "module.exports = {}")).toEqual(Either.left("a JavaScript configuration is code: Tidemark does not run it"))
    expect(isCodeConfiguration("a/.stylelintrc.mjs")).toBe(true)
    expect(isCodeConfiguration("a/.stylelintrc.yml")).toBe(false)
  })

  it("names the root's folder empty", () => {
    expect(folderOf("a.css")).toBe("")
    expect(folderOf("web/css/a.css")).toBe("web/css")
  })
})
