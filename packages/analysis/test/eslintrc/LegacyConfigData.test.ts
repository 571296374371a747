import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { holdsLegacyConfig, readLegacyConfig } from "../../src/eslintrc/LegacyConfigData.js"

describe("readLegacyConfig", () => {
  it("reads JSON with comments, YAML, the extensionless legacy file in both, and package.json's eslintConfig", () => {
    const expected = { root: true, rules: { semi: [2, "never"] } }
    const forms: ReadonlyArray<readonly [string, string]> = [
      [".eslintrc.json", "{\n  // why\n  \"root\": true, /* and */ \"rules\": { \"semi\": [2, \"never\"] }\n}\n"],
      [".eslintrc.yml", "root: true\nrules:\n  semi: [2, never]\n"],
      [".eslintrc.yaml", "root: true\nrules: { semi: [2, never] }\n"],
      [".eslintrc", "# YAML\nroot: true\nrules:\n  semi: [2, never]\n"],
      [".eslintrc", "{ \"root\": true, \"rules\": { \"semi\": [2, \"never\"] } } // JSON\n"],
      ["package.json", JSON.stringify({ name: "x", eslintConfig: expected })]
    ]
    for (const [name, content] of forms) expect(readLegacyConfig(name, content)).toEqual(Either.right(expected))
  })

  it("reads nested overrides, and drops what Tidemark does not follow (settings, parserOptions.project)", () => {
    const content = JSON.stringify({
      settings: { react: { version: "18" } },
      parserOptions: { project: "./tsconfig.json", ecmaVersion: 2020 },
      overrides: [{ files: "*.ts", overrides: [{ files: ["a/**"], env: { jest: true } }] }]
    })
    expect(readLegacyConfig(".eslintrc.json", content)).toEqual(Either.right({
      parserOptions: { ecmaVersion: 2020 },
      overrides: [{ files: "*.ts", overrides: [{ files: ["a/**"], env: { jest: true } }] }]
    }))
  })

  it("has nothing in a package.json without eslintConfig, and says why a file is not read", () => {
    expect(readLegacyConfig("package.json", "{\"name\":\"x\"}")).toEqual(Either.right(undefined))
    expect(holdsLegacyConfig("package.json", "{\"name\":\"x\"}")).toBe(false)
    expect(holdsLegacyConfig(".eslintrc", "")).toBe(true)
    expect(Either.isLeft(readLegacyConfig(".eslintrc.js", "module.exports = {}"))).toBe(true)
    expect(Either.isLeft(readLegacyConfig(".eslintrc.yml", "rules: [\n"))).toBe(true)
    const wrong = readLegacyConfig(".eslintrc.json", "{\"env\": {\"node\": \"yes\"}}")
    expect(Either.isLeft(wrong) && wrong.left.startsWith("at env.node")).toBe(true)
  })
})
