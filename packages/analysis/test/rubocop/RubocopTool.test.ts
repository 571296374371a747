import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect } from "effect"
import { existsSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { EnabledRule } from "../../src/EnabledRule.js"
import { LintCache } from "../../src/LintCache.js"
import * as MemoryAnalysisCache from "../../src/MemoryAnalysisCache.js"
import { makeRubocopTool } from "../../src/rubocop/RubocopTool.js"
import { defaultRubocopLimits } from "../../src/rubocop/RubocopRun.js"
import type { SourceFile } from "../../src/SourceTree.js"
import { broken, checkoutOf, defaultRules, project, rubocopDefinition, rubocopRule, templateVariables } from "./RubocopFixture.js"

const tool = makeRubocopTool(rubocopDefinition)

const run = (root: string, files: ReadonlyArray<SourceFile>, rules: ReadonlyArray<EnabledRule> = defaultRules, which = tool, configurationByDefault = false) =>
  Effect.flatten(which.start(root, files, { rules, useConfigurationFile: false, configurationByDefault }))

const issuesOf = (result: { readonly issues: ReadonlyArray<{ readonly file: string; readonly line: number; readonly patternId: string; readonly severity: string }> }) =>
  result.issues.map((issue) => [issue.file, issue.line, issue.patternId, issue.severity])

describe("makeRubocopTool", () => {
  it("takes Ruby by extension, name and #! line, measures it as Ruby, and takes the prefix off", () => {
    expect(tool.languages).toEqual(["Ruby"])
    for (const path of ["a.rb", "lib/t.rake", "x.gemspec", "config.ru", "Gemfile", "sub/Rakefile", "Vagrantfile"]) expect(tool.takes({ path, content: "" }), path).toBe(true)
    expect(tool.takes({ path: "bin/console", content: "#!/usr/bin/env ruby\nputs 1\n" })).toBe(true)
    for (const path of ["a.py", "Gemfile.lock", "b.erb", "Makefile"]) expect(tool.takes({ path, content: "" }), path).toBe(false)
    expect(tool.takes({ path: "bin/run", content: "#!/bin/sh\n" })).toBe(false)
    expect(tool.ruleIdOf("RuboCop_Lint/UselessAssignment")).toBe("Lint/UselessAssignment")
    expect(tool.configurationOf([{ path: ".rubocop.yml", content: "" }])).toEqual({ file: ".rubocop.yml", readable: true })
    expect(tool.configurationOf([{ path: "sub/.rubocop.yml", content: "" }])).toBeUndefined()
  })

  it.effect("reports a known issue of each default family with its pattern, line, message and severity", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf({ ...project, "README.md": "# store\n" })
      const { problems, result } = yield* run(root, files)
      expect(problems).toEqual([])
      expect(result.lintedFiles).toBe(2)
      expect(result.issues.map((i) => [i.file, i.line, i.patternId, i.severity, i.message])).toEqual([
        ["Rakefile", 2, "RuboCop_Security/Open", "Error", "The use of `Kernel#open` is a serious security risk."],
        ["lib/store.rb", 3, "RuboCop_Lint/UselessAssignment", "Warning", "Useless assignment to variable - `count`."],
        ["lib/store.rb", 8, "RuboCop_Lint/DuplicateHashKey", "Warning", "Duplicated key in hash literal."],
        ["lib/store.rb", 15, "RuboCop_Lint/DuplicateMethods", "Warning", "Method `Store#name` is defined at both lib/store.rb:13 and lib/store.rb:15."],
        ["lib/store.rb", 18, "RuboCop_Security/Eval", "Error", "The use of `eval` is a serious security risk."]
      ])
      expect([result.failedFiles, result.unparsedFiles, result.configurationFile]).toEqual([[], [], undefined])
      const some = yield* run(root, files, [rubocopRule("Security/Eval", "Error")])
      expect(issuesOf(some.result)).toEqual([["lib/store.rb", 18, "RuboCop_Security/Eval", "Error"]])
      const none = yield* run(root, files, [])
      expect([none.result.issues, none.result.lintedFiles]).toEqual([[], 2])
    }))

  it.effect("follows the repository's .rubocop.yml as data: a cop disabled, another enabled at the severity it chose, require and ERB never run", () =>
    Effect.gen(function*() {
      // Where the repository's Ruby would write, were it run (the fences' user may write in /tmp).
      const ran = join(tmpdir(), `tidemark-rubocop-ran-${process.pid}-${Date.now()}`)
      const { files, root } = checkoutOf({
        ...project,
        ".rubocop.yml": [
          "require:",
          "  - ./lib/evil.rb",
          "  - rubocop-rspec",
          "inherit_from:",
          "  - .rubocop_todo.yml",
          "  - https://example.com/rubocop.yml",
          "inherit_gem:",
          "  house_style: default.yml",
          "AllCops:",
          "  NewCops: disable",
          "  Exclude:",
          "    - 'vendor/**/*'",
          "Style:",
          "  Enabled: false",
          "Layout:",
          "  Enabled: false",
          "Naming:",
          "  Enabled: false",
          "Metrics:",
          "  Enabled: false",
          "Security/Eval:",
          "  Enabled: false",
          "Style/StringLiterals:",
          "  Enabled: true",
          "  Severity: warning",
          "  Include: ['lib/**/*.rb']",
          "RSpec/ExampleLength:",
          "  Max: 20",
          "Lint/AssignmentInCondition:",
          "  AllowSafeAssignment: false",
          `  Description: "<%= File.write('${ran}-erb', 'ran') %>"`,
          ""
        ].join("\n"),
        ".rubocop_todo.yml": "Lint/DuplicateMethods:\n  Exclude:\n    - 'lib/store.rb'\n",
        "lib/evil.rb": `File.write('${ran}-required', 'ran')\n`,
        "vendor/gem/a.rb": "eval(ARGV[0])\nx = 1\n"
      })
      const { problems, result } = yield* run(root, files, defaultRules, tool, true)
      expect(result.configurationFile).toBe(".rubocop.yml")
      expect(issuesOf(result)).toEqual([
        ["Rakefile", 2, "RuboCop_Security/Open", "Error"],
        ["lib/store.rb", 3, "RuboCop_Lint/UselessAssignment", "Warning"],
        ["lib/store.rb", 8, "RuboCop_Lint/DuplicateHashKey", "Warning"],
        ["lib/store.rb", 13, "RuboCop_Style/StringLiterals", "Warning"],
        ["lib/store.rb", 15, "RuboCop_Style/StringLiterals", "Warning"]
      ])
      expect([existsSync(`${ran}-erb`), existsSync(`${ran}-required`)]).toEqual([false, false])
      expect(problems.map((p) => [p.code, p.file])).toEqual([["unsupported_configuration", ".rubocop.yml"]])
      expect(problems[0]?.message.split("; ")).toEqual([
        ".rubocop.yml: ERB (<% %>) is not run: it is read as written",
        ".rubocop.yml: require: ./lib/evil.rb, rubocop-rspec is not loaded: RuboCop's extensions (and the repository's own Ruby) are not run here, nor are their cops",
        ".rubocop.yml: inherit_from: https://example.com/rubocop.yml is not followed: it is outside the checkout",
        ".rubocop.yml: inherit_gem: [object Object] is not followed: a gem's configuration is outside the checkout",
        ".rubocop.yml: RSpec/ExampleLength: not cops of this RuboCop (an extension's, or a newer RuboCop's): left out"
      ])
    }))

  it.effect("names a configuration RuboCop refuses, and applies the enabled patterns instead", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf({ ...project, ".rubocop.yml": "Lint/UselessAssignment:\n  Enabled: maybe\n" })
      const { problems, result } = yield* run(root, files, [rubocopRule("Security/Eval", "Error")], tool, true)
      expect(issuesOf(result)).toEqual([["lib/store.rb", 18, "RuboCop_Security/Eval", "Error"]])
      expect(result.configurationFile).toBeUndefined()
      expect(problems.map((p) => [p.code, p.file])).toEqual([["unreadable_configuration", ".rubocop.yml"]])
      expect(problems[0]?.message).toContain("RuboCop refused it (the enabled patterns apply)")
      const unreadable = checkoutOf({ ...project, ".rubocop.yml": "- a list\n" })
      const list = yield* run(unreadable.root, unreadable.files, [rubocopRule("Security/Eval", "Error")], tool, true)
      expect(list.problems.map((p) => [p.code, p.message])).toEqual([["unreadable_configuration", ".rubocop.yml is not a mapping of RuboCop's settings"]])
      expect(issuesOf(list.result)).toEqual([["lib/store.rb", 18, "RuboCop_Security/Eval", "Error"]])
    }))

  it.effect("leaves out Ruby's deliberate `name = name = value` that a template reads, and reports the variables never read", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf({ "lib/show_status.rb": templateVariables })
      const { result } = yield* run(root, files)
      expect(result.issues.map((i) => [i.line, i.patternId, i.message])).toEqual([
        [13, "RuboCop_Lint/UselessAssignment", "Useless assignment to variable - `unused`."],
        [14, "RuboCop_Lint/UselessAssignment", "Useless assignment to variable - `same`."]
      ])
    }))

  it.effect("leaves out the false positives later RuboCop releases fixed (puma's `then` tables, a range in parentheses), and keeps the rest", () =>
    Effect.gen(function*() {
      const source = [
        "def tls(opts, body, size, wait)",
        "  tls_str =",
        "    if opts[:a]  then '&a=true'",
        "    elsif opts[:b] then '&b=true'",
        "    else ''",
        "    end",
        "  rest = body.byteslice (size+2)..-1",
        "  sleep (wait ? 2.0 : 8.0)",
        "  if opts[:c]",
        "    tls_str",
        "  else rest",
        "    tls_str + rest",
        "  end",
        "end",
        ""
      ].join("\n")
      const { files, root } = checkoutOf({ "lib/tls.rb": source })
      const { result } = yield* run(root, files, [rubocopRule("Lint/ElseLayout", "Warning"), rubocopRule("Lint/ParenthesesAsGroupedExpression", "Warning")])
      expect(result.issues.map((i) => [i.line, i.patternId])).toEqual([
        [8, "RuboCop_Lint/ParenthesesAsGroupedExpression"],
        [11, "RuboCop_Lint/ElseLayout"]
      ])
    }))

  it.effect("parses for the newest Ruby it knows when the repository names a newer one (factory_bot's .tool-versions), and says so", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf({ ...project, ".tool-versions": "ruby 4.0.1\n" })
      const { problems, result } = yield* run(root, files)
      expect(problems.map((p) => [p.code, p.message.replace(/RuboCop \S+/, "RuboCop")])).toEqual([
        ["unsupported_configuration", "RuboCop does not know Ruby 4.0, the version the repository names: its files are parsed as Ruby 3.2"]
      ])
      expect([result.issues.length, result.failedFiles, result.unparsedFiles]).toEqual([5, [], []])
    }))

  it.effect("parses for the oldest Ruby the gemspec supports instead, where it names one: `require \"set\"` is needed before 3.2", () =>
    Effect.gen(function*() {
      const gem = { "lib/gem.rb": "require \"set\"\n\nSEEN = Set.new\n", "x.gemspec": "Gem::Specification.new do |s|\n  s.required_ruby_version = \">= 3.0.0\"\nend\n" }
      const { files, root } = checkoutOf({ ...gem, ".tool-versions": "ruby 4.0.1\n" })
      const { problems, result } = yield* run(root, files, [rubocopRule("Lint/RedundantRequireStatement", "Warning")])
      expect(problems.map((p) => p.message.replace(/RuboCop \S+/, "RuboCop"))).toEqual([
        "RuboCop does not know Ruby 4.0, the version the repository names: its files are parsed as Ruby 3.0, the oldest its gemspec supports"
      ])
      expect(issuesOf(result)).toEqual([])
      // Parsed for 3.2, `set` is loaded already: the same file's require is redundant there.
      const newest = checkoutOf({ "lib/gem.rb": gem["lib/gem.rb"], ".tool-versions": "ruby 4.0.1\n" })
      const redundant = yield* run(newest.root, newest.files, [rubocopRule("Lint/RedundantRequireStatement", "Warning")])
      expect(issuesOf(redundant.result)).toEqual([["lib/gem.rb", 1, "RuboCop_Lint/RedundantRequireStatement", "Warning"]])
    }))

  it.effect("names a file RuboCop cannot parse as not parsed, never clean, and checks the others", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf({ "lib/broken.rb": broken, "lib/ok.rb": "def run(code)\n  eval(code)\nend\n" })
      const { result } = yield* run(root, files)
      expect(result.unparsedFiles.map((f) => [f.file, f.line, f.message.split("\n")[0]])).toEqual([["lib/broken.rb", 2, "unexpected token tINTEGER"]])
      expect(issuesOf(result)).toEqual([["lib/ok.rb", 2, "RuboCop_Security/Eval", "Error"]])
    }))

  it.effect("checks each file once through the per-file cache, and again when it changes", () =>
    Effect.gen(function*() {
      const cache = yield* MemoryAnalysisCache.makeLint
      const checkout = checkoutOf(project)
      const lint = (files: ReadonlyArray<SourceFile>) => run(checkout.root, files).pipe(Effect.provideService(LintCache, cache))
      const first = issuesOf((yield* lint(checkout.files)).result)
      // On disk the file changes, in the tree read it does not: the cached messages answer.
      writeFileSync(join(checkout.root, "lib/store.rb"), "class Store; end\n")
      expect(issuesOf((yield* lint(checkout.files)).result)).toEqual(first)
      const changed = checkout.files.map((f) => (f.path === "lib/store.rb" ? { ...f, content: "class Store; end\n" } : f))
      expect(issuesOf((yield* lint(changed)).result)).toEqual([["Rakefile", 2, "RuboCop_Security/Open", "Error"]])
    }))

  it.effect("respects its time limit: what is left once the tree's time is spent fails, named", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf(project)
      const spent = makeRubocopTool(rubocopDefinition, { limits: { ...defaultRubocopLimits, total: Duration.zero } })
      const { result } = yield* run(root, files, defaultRules, spent)
      expect(result.issues).toEqual([])
      expect(result.failedFiles.map((f) => f.file)).toEqual(["Rakefile", "lib/store.rb"])
      expect(result.failedFiles[0]?.reason).toContain("ran out")
    }))

  it.effect("is not installed where RuboCop is not on the search path: it says how to install it, and never runs clean", () =>
    Effect.gen(function*() {
      const absent = makeRubocopTool(rubocopDefinition, { searchPath: "/nonexistent" })
      expect(yield* absent.availability ?? Effect.die("no availability")).toEqual({
        _tag: "NotInstalled",
        reason: "rubocop is not on the search path",
        install: "install rubocop (apt-get install rubocop; scripts/install-analysers.sh installs every analyser)"
      })
      const { files, root } = checkoutOf(project)
      const failed = yield* Effect.flip(run(root, files, defaultRules, absent))
      expect(failed).toMatchObject({ _tag: "ToolFailed", tool: "RuboCop" })
      expect(failed.reason).toContain("install rubocop")
      expect(yield* tool.availability ?? Effect.die("no availability")).toEqual({ _tag: "Installed", version: "1.39.0" })
    }))
})
