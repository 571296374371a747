import { describe, expect, it } from "@effect/vitest"
import { standardStyleOf } from "../../src/eslintrc/StandardStyle.js"

const manifest = (value: unknown) => JSON.stringify(value)

describe("standardStyleOf", () => {
  it("finds standard among the dependencies or run by a script, semistandard first", () => {
    expect(standardStyleOf(manifest({ devDependencies: { standard: "^17" } }), undefined)).toMatchObject({ config: "standard", runByScript: false })
    expect(standardStyleOf(manifest({ scripts: { lint: "npx standard && tsc" } }), undefined)).toMatchObject({ config: "standard", runByScript: true })
    expect(standardStyleOf(manifest({ scripts: { lint: "semistandard" }, devDependencies: { standard: "1" } }), undefined)).toMatchObject({ config: "semistandard" })
    expect(standardStyleOf(manifest({ scripts: { lint: "eslint . --ext .js", x: "standard-version" } }), undefined)).toBeUndefined()
    expect(standardStyleOf("not json", undefined)).toBeUndefined()
  })

  it("reads its settings in package.json: globals, env as a list or an object, parser, ignore, and .gitignore", () => {
    const style = standardStyleOf(
      manifest({ devDependencies: { standard: "17" }, standard: { globals: ["a", "b"], env: { mocha: true, jest: false }, parser: "@babel/eslint-parser", ignore: "fixtures/" } }),
      "dist/\n"
    )
    expect(style?.base).toEqual({ globals: { a: "readonly", b: "readonly" }, env: { mocha: true }, parser: "@babel/eslint-parser" })
    expect(style?.ignorePatterns).toEqual(["fixtures/", "**/*.min.js", "coverage/**", "node_modules/**", "vendor/**", "dist/", ""])
  })
})
