import tsParser from "@typescript-eslint/parser"
import { describe, expect, it } from "@effect/vitest"
import { languageOptionsOf } from "../../src/eslintrc/LegacyLanguageOptions.js"

describe("languageOptionsOf", () => {
  it("gives the environments' ecmaVersion and top-level return apart from the stated options", () => {
    const options = languageOptionsOf({ env: { es6: true, es2020: true, node: true }, parserOptions: { sourceType: "module" } })
    expect(options.implied).toEqual({ ecmaVersion: 2020, parserOptions: { ecmaFeatures: { globalReturn: true } } })
    expect(options.stated?.sourceType).toBe("module")
    expect(options.stated?.globals?.["require"]).toBe("readonly")
  })

  it("maps ESLint 8's global settings, the config's own over its environments'", () => {
    const options = languageOptionsOf({ env: { browser: true }, globals: { window: "off", a: true, b: "readable", c: null, d: "writeable" } })
    expect([options.stated?.globals?.["window"], options.stated?.globals?.["a"], options.stated?.globals?.["b"], options.stated?.globals?.["c"], options.stated?.globals?.["d"]])
      .toEqual(["off", "writable", "readonly", "readonly", "writable"])
  })

  it("uses the TypeScript parser it ships, and ESLint's own for another, naming it", () => {
    expect(languageOptionsOf({ parser: "@typescript-eslint/parser" }).stated?.parser).toBe(tsParser)
    const babel = languageOptionsOf({ parser: "babel-eslint", env: { "react-native/react-native": true } })
    expect(babel).toMatchObject({ unsupportedParser: "babel-eslint", unknownEnvironments: ["react-native/react-native"] })
    expect(babel.stated).toMatchObject({ ecmaVersion: "latest", sourceType: "module" })
  })
})
