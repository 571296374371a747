import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { stylelintCategory, stylelintOffByDefault, UnclassifiedFamily } from "../scripts/StylelintClassification.js"
import {
  committedStylelintDocs,
  StylelintDocsMismatch,
  stylelintFile,
  stylelintPatternId,
  toStylelintTool
} from "../scripts/StylelintCatalogue.js"
import { StylelintDocs } from "../scripts/StylelintDocs.js"
import { installedStylelint } from "../scripts/StylelintRules.js"
import { catalogue } from "../src/index.js"
import { stylelintCssOnlyRules } from "../src/StylelintSyntaxes.js"

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..")

const stylelint = () => {
  const found = catalogue.find((tool) => tool.name === "Stylelint")
  if (found === undefined) throw new Error("the catalogue has no Stylelint")
  return found
}
const pattern = (rule: string) => {
  const found = stylelint().patterns.find((candidate) => candidate.definition.id === stylelintPatternId(rule))
  if (found === undefined) throw new Error(`no pattern of ${rule}`)
  return found
}
const defaults = (rule: string) => Object.fromEntries(pattern(rule).definition.parameters.map((p) => [p.name, p.default]))

describe("the Stylelint catalogue", () => {
  it("is what the generator makes of the installed Stylelint and the committed docs (re-run `pnpm generate` if not)", async () => {
    const [path, contents] = stylelintFile(toStylelintTool(await installedStylelint(), committedStylelintDocs()))
    expect(readFileSync(join(packageDir, path), "utf8")).toBe(contents)
  })

  it("has a pattern per rule of the installed Stylelint, prefixed, in the stylelint family, on CSS, SCSS and Less", async () => {
    const installed = await installedStylelint()
    const tool = stylelint()
    expect(tool).toMatchObject({ name: "Stylelint", patternPrefix: "Stylelint_", family: "stylelint", enabledByDefault: true, languages: ["CSS", "SCSS", "LESS"] })
    expect(tool.patterns.map((p) => p.definition.id)).toEqual(installed.rules.map((rule) => `Stylelint_${rule.name}`))
    expect(tool.readableConfigurationFiles).toEqual([".stylelintrc", ".stylelintrc.json", ".stylelintrc.yaml", ".stylelintrc.yml"])
    expect(tool.configurationFiles).toContain("stylelint.config.mjs")
  })

  it("enables stylelint-config-recommended's rules with its options as defaults, but those that break working CSS", async () => {
    const { recommended } = await installedStylelint()
    const enabled = stylelint().patterns.filter((p) => p.definition.enabled).map((p) => p.definition.id)
    const expected = Object.keys(recommended).filter((rule) => !stylelintOffByDefault.has(rule)).map(stylelintPatternId)
    expect(enabled).toEqual(expected.sort())
    expect(stylelint().patterns.filter((p) => p.recommended).map((p) => p.definition.id)).toEqual(Object.keys(recommended).map(stylelintPatternId).sort())
    expect(pattern("no-descending-specificity")).toMatchObject({ recommended: true, definition: { enabled: false } })
    expect(pattern("keyframe-block-no-duplicate-selectors")).toMatchObject({ recommended: true, definition: { enabled: false } })
    // `font-family: monospace, monospace` is a fix (normalize.css), not a duplicate.
    expect(defaults("font-family-no-duplicate-names")).toEqual({ ignoreFontFamilyNames: `["monospace"]` })
    expect(defaults("declaration-block-no-duplicate-properties")).toEqual({ ignore: `["consecutive-duplicates-with-different-syntaxes"]`, ignoreProperties: "" })
    expect(defaults("selector-type-no-unknown")["ignore"]).toBe(`["custom-elements"]`)
    // A rule that takes `true` only has no primary parameter.
    expect(defaults("block-no-empty")).toEqual({ ignore: "" })
  })

  it("describes each rule from its documentation, links kept as text", () => {
    expect(pattern("property-no-unknown").definition).toMatchObject({
      title: "Disallow unknown properties",
      explanation: "See https://stylelint.io/user-guide/rules/property-no-unknown"
    })
    expect(pattern("property-no-unknown").definition.description).toMatch(/^Disallow unknown properties\.\n\n.*CSSTree Syntax Reference/s)
    expect(stylelint().patterns.every((p) => (p.definition.description ?? "") !== "" && (p.definition.title ?? "") !== "")).toBe(true)
  })

  it("classifies by the family of Stylelint's rules index: unknown and invalid CSS an error, code that does nothing a warning, notation information", () => {
    const placed = (rule: string) => {
      const { category, severityLevel, level } = pattern(rule).definition
      expect(level).toBe(severityLevel)
      return [category, severityLevel]
    }
    expect(placed("property-no-unknown")).toEqual(["ErrorProne", "Error"])
    expect(placed("function-calc-no-unspaced-operator")).toEqual(["ErrorProne", "Error"])
    // Not recommended: a possible bug left opt-in.
    expect(placed("color-no-invalid-hex")).toEqual(["ErrorProne", "High"])
    expect(placed("block-no-empty")).toEqual(["UnusedCode", "Warning"])
    expect(placed("declaration-block-no-duplicate-properties")).toEqual(["UnusedCode", "Warning"])
    expect(placed("property-no-deprecated")).toEqual(["Compatibility", "Warning"])
    expect(placed("color-hex-length")).toEqual(["CodeStyle", "Info"])
    expect(placed("max-nesting-depth")).toEqual(["Complexity", "Warning"])
    expect(placed("font-family-no-missing-generic-family-keyword")).toEqual(["BestPractice", "Warning"])
  })

  it("reads the primary option as unnamedParam: a choice defaults to its first, a number or pattern to nothing", () => {
    expect(pattern("color-hex-length").definition.parameters[0]).toEqual({ name: "unnamedParam", description: "enum option: short | long", default: "short" })
    expect(pattern("max-nesting-depth").definition.parameters[0]).toMatchObject({ name: "unnamedParam", description: "number option", default: "" })
    expect(defaults("max-nesting-depth")).toHaveProperty("ignoreAtRules", "")
    expect(pattern("at-rule-empty-line-before").definition.parameters.find((p) => p.name === "except")?.description).toMatch(/^one or more of: after-same-name \| inside-block/)
  })

  it("runs the rules Stylelint says are only for CSS, and those the SCSS and Less configs turn off, where they apply", () => {
    expect(pattern("no-duplicate-selectors").definition.languages).toEqual(["CSS"])
    expect(pattern("no-duplicate-selectors").definition.tags).toContain("css-only")
    expect(pattern("at-rule-no-unknown").definition.languages).toEqual(["CSS"])
    expect(pattern("annotation-no-unknown").definition.languages).toEqual(["CSS", "LESS"])
    expect(pattern("block-no-empty").definition.languages).toEqual(["CSS", "SCSS", "LESS"])
    const tagged = stylelint().patterns.filter((p) => p.definition.tags?.includes("css-only")).map((p) => p.definition.id)
    expect(tagged).toEqual(stylelintCssOnlyRules.map(stylelintPatternId))
  })
})

describe("toStylelintTool", () => {
  it("stops when the committed docs and the installed Stylelint do not have the same rules", async () => {
    const installed = await installedStylelint()
    const docs = committedStylelintDocs()
    const fewer = new StylelintDocs({ ...docs, rules: docs.rules.filter((doc) => doc.rule !== "block-no-empty") })
    expect(() => toStylelintTool(installed, fewer)).toThrow(StylelintDocsMismatch)
    const more = { ...installed, rules: [...installed.rules, { name: "new-rule", url: "", fixable: false, deprecated: false }] }
    expect(() => toStylelintTool(more, docs)).toThrow(StylelintDocsMismatch)
  })

  it("leaves deprecated rules out", async () => {
    const installed = await installedStylelint()
    const docs = committedStylelintDocs()
    const deprecated = { ...installed, rules: installed.rules.map((rule) => (rule.name === "block-no-empty" ? { ...rule, deprecated: true } : rule)) }
    const withoutIt = new StylelintDocs({ ...docs, rules: docs.rules.filter((doc) => doc.rule !== "block-no-empty") })
    expect(toStylelintTool(deprecated, withoutIt).patterns.map((p) => p.definition.id)).not.toContain("Stylelint_block-no-empty")
  })

  it("stops on a family the classification does not know", () => {
    expect(() => stylelintCategory("some-rule", "Brand new")).toThrow(UnclassifiedFamily)
  })
})
