import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import type { EnabledRule } from "../../src/EnabledRule.js"
import { LintCache } from "../../src/LintCache.js"
import * as MemoryAnalysisCache from "../../src/MemoryAnalysisCache.js"
import type { SourceFile } from "../../src/SourceTree.js"
import { makeYamllintTool } from "../../src/yamllint/YamllintTool.js"
import { checkoutOf, defaultRules, project, yamllintDefinition, yamllintRule } from "./YamllintFixture.js"

const tool = makeYamllintTool(yamllintDefinition)

const run = (root: string, files: ReadonlyArray<SourceFile>, rules: ReadonlyArray<EnabledRule> = defaultRules, which = tool, configurationByDefault = false) =>
  Effect.flatten(which.start(root, files, { rules, useConfigurationFile: false, configurationByDefault }))

const issuesOf = (result: { readonly issues: ReadonlyArray<{ readonly file: string; readonly line: number; readonly patternId: string; readonly severity: string }> }) =>
  result.issues.map((issue) => [issue.file, issue.line, issue.patternId, issue.severity])

describe("makeYamllintTool", () => {
  it("takes YAML by its name as yamllint does, and takes the prefix off", () => {
    expect(tool.languages).toEqual(["YAML"])
    for (const path of ["a.yaml", "ci/b.yml", ".yamllint"]) expect(tool.takes({ path, content: "" }), path).toBe(true)
    for (const path of ["a.json", "yaml", "b.yaml.txt", "Makefile"]) expect(tool.takes({ path, content: "" }), path).toBe(false)
    expect(tool.ruleIdOf("yamllint_key-duplicates")).toBe("key-duplicates")
    expect(tool.configurationOf([{ path: ".yamllint.yml", content: "" }])).toEqual({ file: ".yamllint.yml", readable: true })
    expect(tool.configurationOf([{ path: "sub/.yamllint", content: "" }])).toBeUndefined()
  })

  it.effect("reports a duplicated key and a syntax error with their pattern, line, message and severity, and no style", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf(project)
      const { problems, result } = yield* run(root, files)
      expect(problems).toEqual([])
      expect(result.lintedFiles).toBe(3)
      expect(result.issues.map((i) => [i.file, i.line, i.patternId, i.severity, i.message])).toEqual([
        ["ci/broken.yml", 3, "yamllint_syntax", "Error", "syntax error: expected <block end>, but found '<block mapping start>'"],
        ["deploy.yaml", 4, "yamllint_key-duplicates", "Error", "duplication of key \"replicas\" in mapping"],
        ["vendor/chart.yaml", 2, "yamllint_key-duplicates", "Error", "duplication of key \"a\" in mapping"]
      ])
      expect([result.failedFiles, result.unparsedFiles, result.configurationFile]).toEqual([[], [], undefined])
      const truthy = yield* run(root, files, [yamllintRule("truthy", "Warning")])
      expect(issuesOf(truthy.result)).toEqual([
        ["ci/broken.yml", 2, "yamllint_truthy", "Warning"],
        ["deploy.yaml", 2, "yamllint_truthy", "Warning"]
      ])
      const none = yield* run(root, files, [])
      expect([none.result.issues, none.result.lintedFiles]).toEqual([[], 3])
    }))

  it.effect("follows the repository's .yamllint as data: extends default, a rule disabled, a level changed, ignore, yaml-files", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf({
        ...project,
        ".yamllint": [
          "extends: default",
          "yaml-files: ['*.yaml', '*.yml', '*.yaml.dist']",
          "ignore: |",
          "  vendor/",
          "rules:",
          "  document-start: disable",
          "  line-length: disable",
          "  truthy:",
          "    level: error",
          "    check-keys: false",
          "  anchors: enable",
          "  key-duplicates: {level: warning}",
          "locale: tr_TR.UTF-8",
          ""
        ].join("\n"),
        "app.yaml.dist": "a:   1\n"
      })
      const { problems, result } = yield* run(root, files, defaultRules, tool, true)
      expect(result.configurationFile).toBe(".yamllint")
      expect(issuesOf(result)).toEqual([
        ["app.yaml.dist", 1, "yamllint_colons", "Info"],
        ["ci/broken.yml", 2, "yamllint_truthy", "Error"],
        ["ci/broken.yml", 3, "yamllint_syntax", "Error"],
        ["ci/broken.yml", 3, "yamllint_truthy", "Error"],
        ["deploy.yaml", 4, "yamllint_key-duplicates", "Warning"],
        ["deploy.yaml", 6, "yamllint_trailing-spaces", "Info"]
      ])
      expect(problems.map((p) => [p.code, p.file, p.message])).toEqual([[
        "unsupported_configuration",
        ".yamllint",
        ".yamllint: locale: tr_TR.UTF-8 is not followed (key-ordering sorts by code point); .yamllint: anchors: not rules of this yamllint (a newer yamllint's): left out"
      ]])
    }))

  it.effect("names a configuration yamllint refuses or cannot be read, and applies the enabled patterns instead", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf({ ...project, ".yamllint.yaml": "rules:\n  line-length:\n    max: long\n" })
      const { problems, result } = yield* run(root, files, [yamllintRule("key-duplicates", "Error")], tool, true)
      expect(issuesOf(result)).toEqual([["deploy.yaml", 4, "yamllint_key-duplicates", "Error"], ["vendor/chart.yaml", 2, "yamllint_key-duplicates", "Error"]])
      expect(result.configurationFile).toBeUndefined()
      expect(problems.map((p) => [p.code, p.file, p.message])).toEqual([[
        "unreadable_configuration",
        ".yamllint.yaml",
        "yamllint refused it (the enabled patterns apply): invalid config: option \"max\" of \"line-length\" should be int"
      ]])
      const list = checkoutOf({ ...project, ".yamllint": "- a list\n" })
      const listed = yield* run(list.root, list.files, [yamllintRule("key-duplicates", "Error")], tool, true)
      expect(listed.problems.map((p) => [p.code, p.message])).toEqual([["unreadable_configuration", ".yamllint is not a mapping of yamllint's settings"]])
    }))

  it.effect("checks each file once through the per-file cache, and again when it changes", () =>
    Effect.gen(function*() {
      const cache = yield* MemoryAnalysisCache.makeLint
      const checkout = checkoutOf(project)
      const lint = (files: ReadonlyArray<SourceFile>) => run(checkout.root, files).pipe(Effect.provideService(LintCache, cache))
      const first = issuesOf((yield* lint(checkout.files)).result)
      // On disk the file changes, in the tree read it does not: the cached messages answer.
      writeFileSync(join(checkout.root, "deploy.yaml"), "a: 1\n")
      expect(issuesOf((yield* lint(checkout.files)).result)).toEqual(first)
      const changed = checkout.files.map((f) => (f.path === "deploy.yaml" ? { ...f, content: "a: 1\n" } : f))
      expect(issuesOf((yield* lint(changed)).result)).toEqual(first.filter(([file]) => file !== "deploy.yaml"))
    }))

  it.effect("is not installed where yamllint is not on the search path: it says how to install it, and never runs clean", () =>
    Effect.gen(function*() {
      const absent = makeYamllintTool(yamllintDefinition, { searchPath: "/nonexistent" })
      expect(yield* absent.availability ?? Effect.die("no availability")).toEqual({
        _tag: "NotInstalled",
        reason: "yamllint is not on the search path",
        install: "install yamllint (apt-get install yamllint; scripts/install-analysers.sh installs every analyser)"
      })
      const { files, root } = checkoutOf(project)
      const failed = yield* Effect.flip(run(root, files, defaultRules, absent))
      expect(failed).toMatchObject({ _tag: "ToolFailed", tool: "yamllint" })
      expect(failed.reason).toContain("install yamllint")
      expect(yield* tool.availability ?? Effect.die("no availability")).toEqual({ _tag: "Installed", version: "1.29.0" })
    }))
})
