import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { EnabledRule } from "../../src/EnabledRule.js"
import { makeMarkdownlintTool } from "../../src/markdownlint/MarkdownlintTool.js"
import type { SourceFile } from "../../src/SourceTree.js"
import { filesOf } from "../ruff/RuffFixture.js"
import { defaultRules, everyDefaultRule, markdownlintDefinition, styleOnly } from "./MarkdownlintFixture.js"

const tool = makeMarkdownlintTool(markdownlintDefinition)

const run = (
  files: ReadonlyArray<SourceFile>,
  settings: { readonly rules?: ReadonlyArray<EnabledRule>; readonly useConfigurationFile?: boolean; readonly configurationByDefault?: boolean } = {}
) =>
  Effect.flatten(tool.start("/repository", files, {
    rules: settings.rules ?? defaultRules,
    useConfigurationFile: settings.useConfigurationFile ?? false,
    configurationByDefault: settings.configurationByDefault ?? false
  }))

const found = (files: ReadonlyArray<SourceFile>, settings: Parameters<typeof run>[1] = {}) =>
  Effect.map(run(files, settings), ({ result }) => result.issues.map((issue) => [issue.file, issue.line, issue.patternId]))

/** The line of `styleOnly` longer than 40 characters (151, its trailing spaces included). */
const longLine = 3

describe("makeMarkdownlintTool", () => {
  it("takes .md and .markdown files, as markdownlint's command line does", () => {
    expect(tool.takes({ path: "README.md", content: "" })).toBe(true)
    expect(tool.takes({ path: "docs/guide.markdown", content: "" })).toBe(true)
    expect(tool.takes({ path: "CHANGELOG.MD", content: "" })).toBe(true)
    expect(tool.takes({ path: "page.mdx", content: "" })).toBe(false)
    expect(tool.takes({ path: "notes.txt", content: "" })).toBe(false)
    expect(tool.languages).toEqual(["Markdown"])
    expect(tool.ruleIdOf("markdownlint_MD051")).toBe("MD051")
  })

  it("finds the root's configuration in markdownlint-cli's order, a JavaScript one as not readable", () => {
    const all = { ".markdownlint.cjs": "", ".markdownlintrc": "{}", ".markdownlint.yml": "", ".markdownlint.yaml": "", ".markdownlint.json": "{}", ".markdownlint.jsonc": "{}" }
    expect(tool.configurationOf(filesOf(all))).toEqual({ file: ".markdownlint.jsonc", readable: true })
    const { ".markdownlint.jsonc": _jsonc, ".markdownlint.json": _json, ...yaml } = all
    expect(tool.configurationOf(filesOf(yaml))).toEqual({ file: ".markdownlint.yaml", readable: true })
    expect(tool.configurationOf(filesOf({ ".markdownlintrc": "{}", ".markdownlint.cjs": "" }))).toEqual({ file: ".markdownlintrc", readable: true })
    expect(tool.configurationOf(filesOf({ ".markdownlint.cjs": "module.exports = {}" }))).toEqual({ file: ".markdownlint.cjs", readable: false })
    expect(tool.configurationOf(filesOf({ "docs/.markdownlint.json": "{}" }))).toBeUndefined()
  })

  it.effect("lints Markdown with the default patterns: one issue of each, with its line, message and severity", () =>
    Effect.gen(function*() {
      const files = filesOf({ "docs/guide.md": everyDefaultRule, "NOTES.markdown": styleOnly, "index.js": "# not Markdown\n" })
      const { problems, result } = yield* run(files)
      expect(problems).toEqual([])
      expect(result.lintedFiles).toBe(2)
      expect(result.configurationFile).toBeUndefined()
      expect(result.issues.map((issue) => [issue.file, issue.line, issue.patternId, issue.severity, issue.message])).toEqual([
        ["docs/guide.md", 3, "markdownlint_MD018", "Warning", "No space after hash on atx style heading [Context: \"#Install\"]"],
        ["docs/guide.md", 7, "markdownlint_MD020", "Warning", "No space inside hashes on closed atx style heading [Context: \"##Options##\"]"],
        ["docs/guide.md", 9, "markdownlint_MD023", "Warning", "Headings must start at the beginning of the line [Context: \"  ## Indented\"]"],
        ["docs/guide.md", 11, "markdownlint_MD024", "Info", "Multiple headings with the same content [Context: \"Usage\"]"],
        ["docs/guide.md", 13, "markdownlint_MD037", "Warning", "Spaces inside emphasis markers [Context: \"* l\"]"],
        ["docs/guide.md", 13, "markdownlint_MD037", "Warning", "Spaces inside emphasis markers [Context: \"e *\"]"],
        ["docs/guide.md", 15, "markdownlint_MD011", "Warning", "Reversed link syntax [(reversed)[https://example.com]]"],
        ["docs/guide.md", 15, "markdownlint_MD042", "Warning", "No empty links [Context: \"[empty]()\"]"],
        ["docs/guide.md", 15, "markdownlint_MD051", "Warning", "Link fragments should be valid [Context: \"[missing](#nowhere)\"]"],
        ["docs/guide.md", 17, "markdownlint_MD052", "Warning", "Reference links and images should use a label that is defined [Missing link or image reference definition: \"undefined\"] [Context: \"[reference][undefined]\"]"],
        ["docs/guide.md", 17, "markdownlint_MD059", "Info", "Link text should be descriptive [Context: \"[here]\"]"],
        ["docs/guide.md", 19, "markdownlint_MD045", "Info", "Images should have alternate text (alt text)"],
        ["docs/guide.md", 23, "markdownlint_MD056", "Warning", "Table column count [Expected: 2; Actual: 3; Too many cells, extra data will be missing]"],
        ["docs/guide.md", 25, "markdownlint_MD053", "Info", "Link and image reference definitions should be needed [Unused link or image reference definition: \"unused\"] [Context: \"[unused]: https://example.com\"]"]
      ])
    }))

  it.effect("honours front matter and inline markdownlint comments, as markdownlint does", () =>
    Effect.gen(function*() {
      const page = ["---", "title: Guide", "---", "", "#Install", "", "<!-- markdownlint-disable-next-line MD018 -->", "#Silenced", "", "![](a.png) <!-- markdownlint-disable-line -->", ""].join("\n")
      expect(yield* found(filesOf({ "page.md": page }))).toEqual([["page.md", 5, "markdownlint_MD018"]])
    }))

  it.effect("follows the repository's configuration when it never chose: a rule turned off, another's option changed", () =>
    Effect.gen(function*() {
      const configuration = JSON.stringify({ default: false, MD018: false, MD013: { line_length: 40 }, MD042: true })
      const files = filesOf({ "README.md": `${styleOnly}\n\n#Install [empty]()\n`, ".markdownlint.json": configuration })
      const { problems, result } = yield* run(files, { configurationByDefault: true })
      expect(problems).toEqual([])
      expect(result.configurationFile).toBe(".markdownlint.json")
      // MD042 keeps its pattern's severity; MD013, which no enabled pattern covers, is a Warning.
      expect(result.issues.map((issue) => [issue.line, issue.patternId, issue.severity, issue.message])).toEqual([
        [longLine, "markdownlint_MD013", "Warning", "Line length [Expected: 40; Actual: 151]"],
        [9, "markdownlint_MD042", "Warning", "No empty links [Context: \"[empty]()\"]"]
      ])
      // Without the file, the patterns apply and nothing is reported missing: the repository asked for nothing.
      const unconfigured = yield* run(filesOf({ "README.md": `#Install\n` }), { configurationByDefault: true })
      expect(unconfigured.problems).toEqual([])
      expect(unconfigured.result.issues.map((issue) => issue.patternId)).toEqual(["markdownlint_MD018"])
    }))

  it.effect("follows an extends of another file of the repository, and says which extends it does not follow", () =>
    Effect.gen(function*() {
      const files = filesOf({
        "README.md": `${styleOnly}\n\n#Install\n`,
        ".markdownlint.yaml": "extends: config/base.jsonc\nMD018: false\n",
        "config/base.jsonc": "{\n  // shared by the team\n  \"default\": false,\n  \"MD013\": { \"line_length\": 40 },\n  \"MD018\": true,\n}\n"
      })
      expect(yield* found(files, { useConfigurationFile: true })).toEqual([["README.md", longLine, "markdownlint_MD013"]])
      const outside = filesOf({ "README.md": "#Install\n", ".markdownlint.json": "{ \"extends\": \"@company/markdownlint-config\", \"default\": false, \"MD018\": true }" })
      const { problems, result } = yield* run(outside, { useConfigurationFile: true })
      expect(problems.map((problem) => [problem.code, problem.file])).toEqual([["unsupported_configuration", ".markdownlint.json"]])
      expect(problems[0]?.message).toContain("@company/markdownlint-config")
      expect(result.configurationFile).toBe(".markdownlint.json")
      expect(result.issues.map((issue) => issue.patternId)).toEqual(["markdownlint_MD018"])
    }))

  it.effect("reports an unreadable configuration, naming the file and why, and lints with the patterns", () =>
    Effect.gen(function*() {
      const { problems, result } = yield* run(filesOf({ "README.md": "#Install\n", ".markdownlint.json": "{ \"MD018\": false" }), { configurationByDefault: true })
      expect(problems.map((problem) => [problem.tool, problem.code, problem.file])).toEqual([["markdownlint", "unreadable_configuration", ".markdownlint.json"]])
      expect(problems[0]?.message).toMatch(/JSON.*: the enabled patterns apply instead$/)
      expect(result.configurationFile).toBeUndefined()
      expect(result.issues.map((issue) => issue.patternId)).toEqual(["markdownlint_MD018"])
    }))

  it.effect("reports a configuration markdownlint cannot lint with (a rule's option of the wrong shape), and lints with the patterns", () =>
    Effect.gen(function*() {
      const files = filesOf({ "README.md": "#Install\n", ".markdownlint.yaml": "MD010:\n  ignore_code_languages: 3\n" })
      const { problems, result } = yield* run(files, { configurationByDefault: true })
      expect(problems.map((problem) => [problem.code, problem.file, problem.message])).toEqual([[
        "unreadable_configuration",
        ".markdownlint.yaml",
        "markdownlint cannot lint with it ((params.config.ignore_code_languages || []).map is not a function): the enabled patterns apply instead"
      ]])
      expect(result.failedFiles).toEqual([])
      expect(result.issues.map((issue) => issue.patternId)).toEqual(["markdownlint_MD018"])
    }))

  it.effect("never runs a JavaScript configuration: it is reported, and the patterns apply", () =>
    Effect.gen(function*() {
      const files = filesOf({ "README.md": "#Install\n", ".markdownlint.cjs": "require('fs').rmSync('/', { recursive: true })\nmodule.exports = { MD018: false }\n" })
      const { problems, result } = yield* run(files, { useConfigurationFile: true })
      expect(problems.map((problem) => [problem.code, problem.file])).toEqual([["unreadable_configuration", ".markdownlint.cjs"]])
      expect(problems[0]?.message).toContain("Tidemark does not run the repository's code")
      expect(result.issues.map((issue) => issue.patternId)).toEqual(["markdownlint_MD018"])
    }))

  it.effect("reports a missing configuration the repository asked for, and lints with the patterns", () =>
    Effect.gen(function*() {
      const { problems, result } = yield* run(filesOf({ "README.md": "#Install\n" }), { useConfigurationFile: true })
      expect(problems.map((problem) => [problem.code, problem.file])).toEqual([["configuration_not_found", undefined]])
      expect(result.issues.map((issue) => issue.patternId)).toEqual(["markdownlint_MD018"])
    }))
})
