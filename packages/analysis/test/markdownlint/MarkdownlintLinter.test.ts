import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { FileWatch } from "../../src/FileWatch.js"
import { LintCache } from "../../src/LintCache.js"
import { lintMarkdown, lintText, type MarkdownlintLintInput, messageOf } from "../../src/markdownlint/MarkdownlintLinter.js"
import { patternConfiguration } from "../../src/markdownlint/MarkdownlintSettings.js"
import * as MemoryAnalysisCache from "../../src/MemoryAnalysisCache.js"
import { filesOf } from "../ruff/RuffFixture.js"
import { defaultRules, markdownlintDefinition } from "./MarkdownlintFixture.js"

const countingWatch = () => {
  const linted: Array<string> = []
  const layer = Layer.succeed(FileWatch, {
    during: (_tool, path, work) => (linted.push(path), work()),
    duringAsync: (_tool, path, work) => (linted.push(path), work())
  })
  return { linted, layer }
}

const input = (overrides: Partial<MarkdownlintLintInput> = {}): MarkdownlintLintInput => ({
  definition: markdownlintDefinition,
  files: filesOf({ "README.md": "#Install\n", "docs/a.md": "[empty]()\n" }),
  configuration: patternConfiguration(defaultRules),
  rules: defaultRules,
  configurationFile: undefined,
  ...overrides
})

describe("messageOf", () => {
  it("writes a finding as markdownlint's command line does: description, detail, context", () => {
    const error = {
      lineNumber: 3,
      ruleNames: ["MD052", "reference-links-images"],
      ruleDescription: "Reference links and images should use a label that is defined",
      ruleInformation: null,
      errorDetail: "Missing link or image reference definition: \"x\"",
      errorContext: "[a][x]",
      errorRange: null,
      fixInfo: null,
      severity: "error" as const
    }
    expect(messageOf(error)).toBe("Reference links and images should use a label that is defined [Missing link or image reference definition: \"x\"] [Context: \"[a][x]\"]")
    expect(messageOf({ ...error, errorDetail: null, errorContext: null })).toBe("Reference links and images should use a label that is defined")
  })
})

describe("lintText", () => {
  it("gives each finding under its rule's code, by line, whatever name the configuration used", () => {
    const messages = lintText({ default: false, "no-empty-links": true, "no-missing-space-atx": true }, "a.md", "[a]()\n\n#Install\n\n[b]()\n")
    expect(messages.map((message) => [message.line, message.ruleId])).toEqual([[1, "MD042"], [3, "MD018"], [5, "MD042"]])
  })
})

describe("lintMarkdown", () => {
  it.effect("lints an unchanged file once with a LintCache, and again when the configuration changes", () =>
    Effect.gen(function*() {
      const cache = yield* MemoryAnalysisCache.makeLint
      const first = countingWatch()
      const once = yield* lintMarkdown(input()).pipe(Effect.provide(first.layer), Effect.provideService(LintCache, cache))
      expect(first.linted).toEqual(["README.md", "docs/a.md"])
      expect(once.issues.map((issue) => [issue.file, issue.patternId])).toEqual([["README.md", "markdownlint_MD018"], ["docs/a.md", "markdownlint_MD042"]])
      const second = countingWatch()
      const again = yield* lintMarkdown(input()).pipe(Effect.provide(second.layer), Effect.provideService(LintCache, cache))
      expect(second.linted).toEqual([])
      expect(again).toEqual(once)
      const changed = countingWatch()
      const onlyLinks = defaultRules.filter((rule) => rule.ruleId === "MD042")
      const fewer = yield* lintMarkdown(input({ configuration: patternConfiguration(onlyLinks), rules: onlyLinks })).pipe(
        Effect.provide(changed.layer),
        Effect.provideService(LintCache, cache)
      )
      expect(changed.linted).toEqual(["README.md", "docs/a.md"])
      expect(fewer.issues.map((issue) => issue.patternId)).toEqual(["markdownlint_MD042"])
    }))

  it.effect("counts the files markdownlint failed on among the failed files, with why", () =>
    Effect.gen(function*() {
      // MD010's languages must be a list: a number makes the rule throw on any text.
      const configuration = { default: false, MD042: true, MD010: { ignore_code_languages: 3 } }
      const result = yield* lintMarkdown(input({ configuration, configurationFile: ".markdownlint.json" }))
      expect(result.configurationFile).toBe(".markdownlint.json")
      expect(result.lintedFiles).toBe(2)
      expect(result.failedFiles.map((failed) => [failed.file, failed.reason])).toEqual([
        ["README.md", "(params.config.ignore_code_languages || []).map is not a function"],
        ["docs/a.md", "(params.config.ignore_code_languages || []).map is not a function"]
      ])
      expect(result.issues).toEqual([])
    }))
})
