import { NodeContext } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { EnabledRule } from "../../src/EnabledRule.js"
import type { SourceFile } from "../../src/SourceTree.js"
import { makeStylelintTool } from "../../src/stylelint/StylelintTool.js"
import type { ToolSettings } from "../../src/tools/AnalysisTool.js"
import { treeOf } from "../TreeFixture.js"
import { cssOfEveryFamily, defaultRules, filesOf, stylelintDefinition, stylelintRule } from "./StylelintFixture.js"

const tool = makeStylelintTool(stylelintDefinition)

const patternsOnly: Omit<ToolSettings, "rules"> = { useConfigurationFile: false, configurationByDefault: false }
const byDefault: Omit<ToolSettings, "rules"> = { useConfigurationFile: false, configurationByDefault: true }

const run = (files: ReadonlyArray<SourceFile>, rules: ReadonlyArray<EnabledRule> = defaultRules, settings = byDefault, root = "/repository") =>
  Effect.flatten(tool.start(root, files, { rules, ...settings }))

const issuesOf = (files: ReadonlyArray<SourceFile>, rules: ReadonlyArray<EnabledRule> = defaultRules, settings = byDefault) =>
  Effect.map(run(files, rules, settings), ({ result }) => result.issues.map((issue) => [issue.file, issue.line, issue.patternId, issue.severity]))

describe("makeStylelintTool", () => {
  it("takes CSS, SCSS and Less, not indented Sass nor minified CSS", () => {
    expect(tool.languages).toEqual(["CSS", "SCSS", "LESS"])
    expect(tool.takes({ path: "a/site.css", content: "a {}" })).toBe(true)
    expect(tool.takes({ path: "scss/_base.scss", content: "" })).toBe(true)
    expect(tool.takes({ path: "theme.LESS", content: "" })).toBe(true)
    expect(tool.takes({ path: "old.sass", content: "a\n  color: red\n" })).toBe(false)
    expect(tool.takes({ path: "site.js", content: "" })).toBe(false)
    expect(tool.takes({ path: "bundle.css", content: `${"a{color:red}".repeat(200)}\n` })).toBe(false)
  })

  it("takes the prefix off a pattern id", () => {
    expect(tool.ruleIdOf("Stylelint_block-no-empty")).toBe("block-no-empty")
  })

  it("finds the root's configuration in Stylelint's order, package.json only with its `stylelint` key", () => {
    expect(tool.configurationOf(filesOf({ ".stylelintrc.json": "{}", ".stylelintrc": "{}" }))).toEqual({ file: ".stylelintrc", readable: true })
    expect(tool.configurationOf(filesOf({ "package.json": `{"stylelint": {}}`, ".stylelintrc.yml": "" }))).toEqual({ file: "package.json", readable: true })
    expect(tool.configurationOf(filesOf({ "package.json": `{"name": "x"}`, "stylelint.config.mjs": "export default {}" }))).toEqual({ file: "stylelint.config.mjs", readable: false })
    expect(tool.configurationOf(filesOf({ "package.json": `{"name": "x"}`, "web/.stylelintrc.json": "{}" }))).toBeUndefined()
  })
})

describe("the default patterns", () => {
  it.effect("report a known issue of each family of CSS with its pattern, line, message and severity", () =>
    Effect.gen(function*() {
      const { problems, result } = yield* run(filesOf({ "css/site.css": cssOfEveryFamily }))
      expect(problems).toEqual([])
      expect(result.lintedFiles).toBe(1)
      expect(result.skippedRules).toEqual([])
      expect(result.issues.map((issue) => [issue.line, issue.patternId, issue.message, issue.severity])).toEqual([
        [1, "Stylelint_property-no-unknown", `Unknown property "colr"`, "Error"],
        [2, "Stylelint_function-calc-no-unspaced-operator", `Expected single space after "+" operator`, "Error"],
        [2, "Stylelint_function-calc-no-unspaced-operator", `Expected single space before "+" operator`, "Error"],
        [3, "Stylelint_declaration-block-no-duplicate-properties", `Duplicate property "color"`, "Warning"],
        [4, "Stylelint_block-no-empty", "Empty block", "Warning"],
        [5, "Stylelint_property-no-deprecated", `Deprecated property "clip"`, "Warning"],
        [6, "Stylelint_font-family-no-missing-generic-family-keyword", "Missing generic font family", "Warning"],
        [7, "Stylelint_declaration-block-no-shorthand-property-overrides", `Overridden property "padding-left" by shorthand "padding"`, "Error"],
        [8, "Stylelint_selector-pseudo-class-no-unknown", `Unknown pseudo-class selector ":hoverr"`, "Error"]
      ])
      expect(result.issues.every((issue) => issue.file === "css/site.css")).toBe(true)
    }))

  it.effect("read SCSS with its own syntax: Sass's at-rules, variables and `//` comments are not issues, its mistakes are", () =>
    Effect.gen(function*() {
      const scss = [
        "// a comment",
        "@use 'sass:math';",
        "$gap: 4px !default;",
        "@mixin pad($a) { padding: $a; }",
        ".card { @include pad($gap); colr: red; width: math.div(1, 2); }",
        ".card { &:hover {} }",
        ""
      ].join("\n")
      expect(yield* issuesOf(filesOf({ "scss/_card.scss": scss }))).toEqual([
        ["scss/_card.scss", 5, "Stylelint_property-no-unknown", "Error"],
        ["scss/_card.scss", 6, "Stylelint_block-no-empty", "Warning"]
      ])
    }))

  it.effect("read Less with its own syntax: mixins, variables and `@plugin` are not issues, its mistakes are", () =>
    Effect.gen(function*() {
      const less = ["// a comment", "@plugin 'plugin';", "@gap: 4px;", ".pad(@a) { padding: @a; }", ".card { .pad(@gap); colr: red; }", ".card {}", ""].join("\n")
      expect(yield* issuesOf(filesOf({ "less/card.less": less }))).toEqual([
        ["less/card.less", 5, "Stylelint_property-no-unknown", "Error"],
        ["less/card.less", 6, "Stylelint_block-no-empty", "Warning"]
      ])
    }))

  it.effect("leave a SCSS hook and a PostCSS plugin's function be, which the repository's own configuration still reports", () =>
    Effect.gen(function*() {
      const files = { "_hooks.scss": "@mixin hook-card() {}\n", "rfs.css": "p { margin: rfs(2rem); display: flexx; }\n" }
      expect(yield* issuesOf(filesOf(files))).toEqual([["rfs.css", 1, "Stylelint_declaration-property-value-no-unknown", "Error"]])
      const config = JSON.stringify({ rules: { "block-no-empty": true, "declaration-property-value-no-unknown": true } })
      expect((yield* issuesOf(filesOf({ ...files, ".stylelintrc.json": config }))).map(([file]) => file)).toEqual(["_hooks.scss", "rfs.css", "rfs.css"])
    }))

  it.scoped("leave out a stylesheet whose minified copy the checkout holds: a build's output", () =>
    Effect.gen(function*() {
      const root = yield* treeOf({ "dist-like/site.css": "div {}\n", "dist-like/site.min.css": "div{}", "src/site.css": "div {}\n" })
      const files = filesOf({ "dist-like/site.css": "div {}\n", "src/site.css": "div {}\n" })
      const { result } = yield* run(files, defaultRules, byDefault, root)
      expect(result.lintedFiles).toBe(1)
      expect(result.issues.map((issue) => issue.file)).toEqual(["src/site.css"])
    }).pipe(Effect.provide(NodeContext.layer)))

  it.effect("count a stylesheet PostCSS cannot parse as unparsed, and lint the others", () =>
    Effect.gen(function*() {
      const { result } = yield* run(filesOf({ "a.css": "a { color: red;\n", "b.css": "div {}\n" }))
      expect(result.unparsedFiles.map((file) => [file.file, file.line, file.message])).toEqual([["a.css", 1, "Syntax error: Unclosed block"]])
      expect(result.issues.map((issue) => [issue.file, issue.patternId])).toEqual([["b.css", "Stylelint_block-no-empty"]])
      expect(result.lintedFiles).toBe(2)
    }))

  it.effect("use a pattern's parameters as the rule's options, and skip a pattern Stylelint does not know or whose options it rejects", () =>
    Effect.gen(function*() {
      const rules = [
        stylelintRule("color-hex-length", "Info", { unnamedParam: "short" }),
        stylelintRule("declaration-block-no-duplicate-properties", "Warning", { ignore: `["consecutive-duplicates"]` }),
        stylelintRule("max-nesting-depth", "Warning", { unnamedParam: "" }),
        stylelintRule("indentation", "Info")
      ]
      const files = filesOf({ "a.css": "a { color: #ffffff; }\np { color: red; color: blue; }\n" })
      const { result } = yield* run(files, rules, patternsOnly)
      expect(result.issues.map((issue) => [issue.line, issue.patternId, issue.severity])).toEqual([[1, "Stylelint_color-hex-length", "Info"]])
      expect(result.skippedRules.map((rule) => [rule.ruleId, rule.reason, rule.detail])).toEqual([
        ["indentation", "UnknownRule", "Stylelint has no rule indentation"],
        ["max-nesting-depth", "InvalidOptions", `Invalid option value "true" for rule "max-nesting-depth"`]
      ])
    }))
})

describe("the repository's configuration", () => {
  const css = ["div {}", "p { color: red; color: blue; }", "a { colr: red; }", "em { color: #ffffff; }", ""].join("\n")

  it.effect("is followed by default when it is data: a rule off, an option changed, a rule added, `extends` of the recommended config", () =>
    Effect.gen(function*() {
      const config = JSON.stringify({
        extends: "stylelint-config-recommended",
        rules: {
          "block-no-empty": null,
          "declaration-block-no-duplicate-properties": [true, { ignore: ["consecutive-duplicates-with-different-values"] }],
          "color-hex-length": "short"
        }
      })
      const { problems, result } = yield* run(filesOf({ ".stylelintrc.json": config, "a.css": css }), [stylelintRule("color-hex-length", "Info")])
      expect(problems).toEqual([])
      expect(result.configurationFile).toBe(".stylelintrc.json")
      // Rules the repository turns on that no enabled pattern is count as Warnings; an enabled one keeps its pattern's severity.
      expect(result.issues.map((issue) => [issue.line, issue.patternId, issue.severity])).toEqual([
        [3, "Stylelint_property-no-unknown", "Warning"],
        [4, "Stylelint_color-hex-length", "Info"]
      ])
    }))

  it.effect("says which `extends` and plugins it cannot follow, leaves their rules out, and applies the rest", () =>
    Effect.gen(function*() {
      const yaml = [
        "extends:",
        "  - stylelint-config-standard",
        "plugins:",
        "  - stylelint-scss",
        "rules:",
        "  block-no-empty: true",
        "  scss/at-rule-no-unknown: true",
        "  indentation: 2",
        ""
      ].join("\n")
      const { problems, result } = yield* run(filesOf({ ".stylelintrc.yml": yaml, "a.css": css }))
      expect(problems.map((problem) => [problem.code, problem.file])).toEqual([
        ["unsupported_configuration", ".stylelintrc.yml"],
        ["unsupported_configuration", ".stylelintrc.yml"],
        ["unsupported_configuration", ".stylelintrc.yml"],
        ["unsupported_configuration", ".stylelintrc.yml"]
      ])
      const messages = problems.map((problem) => problem.message).join("\n")
      expect(messages).toContain("`extends: stylelint-config-standard` is not followed")
      expect(messages).toContain("the Stylelint plugins stylelint-scss are not shipped with Tidemark")
      expect(messages).toContain("rules of plugins Tidemark does not ship are left out: scss/at-rule-no-unknown")
      expect(messages).toContain("rules this Stylelint does not have (removed or misspelt) are left out: indentation")
      expect(result.issues.map((issue) => [issue.line, issue.patternId])).toEqual([[1, "Stylelint_block-no-empty"]])
    }))

  it.effect("applies `ignoreFiles`, `overrides` by glob, the closest configuration of a folder, and `.stylelintignore`", () =>
    Effect.gen(function*() {
      const root = JSON.stringify({
        rules: { "block-no-empty": true },
        ignoreFiles: ["vendor-css/**"],
        overrides: [{ files: ["*.scss"], rules: { "block-no-empty": null, "property-no-unknown": true } }]
      })
      const files = filesOf({
        "package.json": JSON.stringify({ name: "site", stylelint: JSON.parse(root) }),
        "a.css": css,
        "b.scss": css,
        "vendor-css/c.css": css,
        "generated/d.css": css,
        ".stylelintignore": "generated/\n",
        "admin/.stylelintrc": "rules:\n  color-hex-length: short\n",
        "admin/e.css": css
      })
      const { problems, result } = yield* run(files)
      expect(problems).toEqual([])
      expect(result.configurationFile).toBe("package.json")
      expect(result.issues.map((issue) => [issue.file, issue.line, issue.patternId])).toEqual([
        ["a.css", 1, "Stylelint_block-no-empty"],
        ["admin/e.css", 4, "Stylelint_color-hex-length"],
        ["b.scss", 3, "Stylelint_property-no-unknown"]
      ])
    }))

  it.effect("says which rules Stylelint rejects the settings of, and runs the others", () =>
    Effect.gen(function*() {
      const config = JSON.stringify({ rules: { "block-no-empty": true, "color-hex-length": "shrt" } })
      const { problems, result } = yield* run(filesOf({ ".stylelintrc.json": config, "a.css": css }))
      expect(problems.map((problem) => [problem.code, problem.file, problem.message])).toEqual([
        ["unsupported_configuration", ".stylelintrc.json", `the rule color-hex-length is left out: Stylelint rejects its setting (Invalid option value "shrt" for rule "color-hex-length")`]
      ])
      expect(result.issues.map((issue) => issue.patternId)).toEqual(["Stylelint_block-no-empty"])
    }))

  it.effect("is not run when it is code: the enabled patterns apply, and the repository is told", () =>
    Effect.gen(function*() {
      const files = filesOf({ "stylelint.config.mjs": "export default { rules: {} }", "a.css": "div {}\n" })
      const { problems, result } = yield* run(files)
      expect(problems.map((problem) => [problem.code, problem.file, problem.message])).toEqual([
        ["unsupported_configuration", "stylelint.config.mjs", "stylelint.config.mjs is code, which Tidemark does not run for Stylelint: the enabled patterns were used"]
      ])
      expect(result.configurationFile).toBeUndefined()
      expect(result.issues.map((issue) => issue.patternId)).toEqual(["Stylelint_block-no-empty"])
    }))

  it.effect("that cannot be read is said, with why, and the enabled patterns apply", () =>
    Effect.gen(function*() {
      const { problems, result } = yield* run(filesOf({ ".stylelintrc.json": "{ rules: ", "a.css": "div {}\n" }))
      expect(problems.map((problem) => [problem.code, problem.file])).toEqual([["unreadable_configuration", ".stylelintrc.json"]])
      expect(problems[0]?.message).toMatch(/^\.stylelintrc\.json: .*JSON.*; the enabled patterns apply instead$/)
      expect(result.issues.map((issue) => issue.patternId)).toEqual(["Stylelint_block-no-empty"])
    }))

  it.effect("asked for and absent is said; not asked for, it is left aside", () =>
    Effect.gen(function*() {
      const asked = yield* run(filesOf({ "a.css": "div {}\n" }), defaultRules, { useConfigurationFile: true, configurationByDefault: false })
      expect(asked.problems.map((problem) => problem.code)).toEqual(["configuration_not_found"])
      expect(asked.result.issues.map((issue) => issue.patternId)).toEqual(["Stylelint_block-no-empty"])
      const config = JSON.stringify({ rules: { "block-no-empty": null } })
      const aside = yield* run(filesOf({ ".stylelintrc.json": config, "a.css": "div {}\n" }), defaultRules, patternsOnly)
      expect(aside.problems).toEqual([])
      expect(aside.result.configurationFile).toBeUndefined()
      expect(aside.result.issues.map((issue) => issue.patternId)).toEqual(["Stylelint_block-no-empty"])
    }))
})
