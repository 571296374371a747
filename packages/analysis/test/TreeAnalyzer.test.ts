import { FileSystem } from "@effect/platform"
import { NodeContext } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Analyzer, Goals, IssueLoad } from "@tidemark/core"
import { Effect } from "effect"
import { execFileSync } from "node:child_process"
import {
  analyzeTree,
  defaultTreeAnalysisSettings,
  lintTree,
  loadGrammars,
  MemoryAnalysisCache,
  readSourceTree,
  TreeAnalyzer
} from "../src/index.js"
import { copyOfTree, treeOf } from "./TreeFixture.js"

/** The goals decide which files are complex or duplicated: these make the fixture's verdicts visible. */
const goals = new Goals.Goals({ ...Goals.Goals.defaults, fileComplexityValueThreshold: 5, fileDuplicationBlockThreshold: 0 })

const eslint9 = (patterns: Analyzer.AnalyzerSettings["tools"][number]["patterns"]): Analyzer.AnalyzerSettings["tools"][number] => ({
  uuid: TreeAnalyzer.eslint9Uuid,
  name: "ESLint9",
  usesConfigurationFile: false,
  patterns
})

/** A per-file cache of its own, removed with the test's scope. */
const cacheDirectory = Effect.flatMap(FileSystem.FileSystem, (fs) => fs.makeTempDirectoryScoped({ prefix: "tidemark-cache-" }))

describe("TreeAnalyzer (the Analyzer port)", () => {
  it.scoped("answers the tree's measures and the issues of exactly the ESLint9 patterns it is given", () =>
    Effect.gen(function*() {
      const root = yield* copyOfTree
      // One unused variable (no-unused-vars) and one loose comparison (eqeqeq).
      yield* Effect.flatMap(FileSystem.FileSystem, (fs) =>
        fs.writeFileString(`${root}/src/loose.js`, "const unused = 1\nexport const same = (a, b) => a == b\n"))
      const port = yield* TreeAnalyzer.make({ cacheDirectory: yield* cacheDirectory })
      const patterns = [
        { id: "ESLint9_no-unused-vars", severityLevel: "Error" as const, category: "UnusedCode", title: "Unused variables", parameters: [] },
        { id: "ESLint9_eqeqeq", severityLevel: "Warning" as const, category: "ErrorProne", parameters: [] }
      ]
      const output = yield* port.analyze(root, { goals, tools: [eslint9(patterns)] })
      const measures = output.measures

      // The same measures as the package's own functions give with the same goals and rules.
      const grammars = yield* loadGrammars
      const { analysis } = yield* analyzeTree(root, grammars, {
        ...defaultTreeAnalysisSettings,
        fileComplexityValueThreshold: 5,
        fileDuplicationBlockThreshold: 0
      }).pipe(Effect.provide(MemoryAnalysisCache.layer))
      const sources = yield* readSourceTree(root, defaultTreeAnalysisSettings.tree)
      const linted = yield* lintTree(root, sources, {
        rules: patterns.map((p) => ({ patternId: p.id, ruleId: p.id.slice("ESLint9_".length), severity: p.severityLevel, parameters: [] })),
        useConfigurationFile: false
      })
      expect(measures).toMatchObject({
        loc: analysis.totals.loc,
        complexFilesCount: analysis.totals.complexFilesCount,
        complexFilesPercentage: analysis.totals.complexFilesPercentage,
        duplicationPercentage: analysis.totals.duplicationPercentage,
        languages: analysis.totals.languages.map((l) => l.language),
        stackTags: analysis.totals.stackTags
      })
      expect(measures.issueCounts).toEqual(IssueLoad.countsOf(linted.issues))
      expect(linted.issues.map((i) => [i.file, i.patternId, i.severity])).toEqual([
        ["src/loose.js", "ESLint9_no-unused-vars", "Error"],
        ["src/loose.js", "ESLint9_eqeqeq", "Warning"]
      ])

      // The rows the measures are counted from: each issue where it is, with its line and pattern.
      expect(output.findings.map((f) => [f.filePath, f.line, f.lineText, f.patternId, f.patternTitle, f.category, f.level, f.language]))
        .toEqual([
          ["src/loose.js", 1, "const unused = 1", "ESLint9_no-unused-vars", "Unused variables", "UnusedCode", "Error", "JavaScript"],
          ["src/loose.js", 2, "export const same = (a, b) => a == b", "ESLint9_eqeqeq", undefined, "ErrorProne", "Warning", "JavaScript"]
        ])
      expect(output.findings.every((f) => f.toolUuid === TreeAnalyzer.eslint9Uuid && f.message.length > 0)).toBe(true)
      // A file row per measured file, with its own issues; a clone's two sides are in its files' clone counts.
      expect(output.files.map((f) => f.path)).toEqual(analysis.files.map((f) => f.path))
      const loose = output.files.find((f) => f.path === "src/loose.js")
      expect(loose).toMatchObject({ totalIssues: 2, codeLines: 2, totalLines: 2, language: "JavaScript" })
      expect(output.files.reduce((sum, f) => sum + f.totalIssues, 0)).toBe(output.findings.length)
      expect(output.files.reduce((sum, f) => sum + f.numberOfClones, 0)).toBe(2 * output.clones.length)
      for (const clone of output.clones) {
        expect(clone.occurrences).toHaveLength(2)
        for (const o of clone.occurrences) expect(o.toLine).toBeGreaterThanOrEqual(o.fromLine)
      }

      // Without the ESLint9 tool, nothing is linted.
      const unlinted = (yield* port.analyze(root, { goals, tools: [] })).measures
      expect(unlinted.issueCounts).toEqual(IssueLoad.IssueCounts.none)
      expect(unlinted.loc).toBe(analysis.totals.loc)
      expect(analysis.totals.loc).toBeGreaterThan(0)
    }).pipe(Effect.provide(NodeContext.layer)), 60_000)

  it.scoped("a file that breaks a tool (a parser's stack overflow) is skipped by that tool with a problem; the analysis goes on", () =>
    Effect.gen(function*() {
      const nested = 1_000
      const root = yield* treeOf({
        // 2 KB that overflow TypeScript's parser: the file's lines still count, its complexity cannot.
        "deep.js": `x = ${"[".repeat(nested)}${"]".repeat(nested)}\n`,
        "fine.js": "export const add = (a, b) => {\n  if (a > b) return a + b\n  return b\n}\n"
      })
      const port = yield* TreeAnalyzer.make({ cacheDirectory: yield* cacheDirectory })
      const patterns = [{ id: "ESLint9_eqeqeq", severityLevel: "Warning" as const, category: "ErrorProne", parameters: [] }]
      const output = yield* port.analyze(root, { goals, tools: [eslint9(patterns)] })
      expect(output.problems.map((p) => [p.code, p.severity, p.message])).toEqual([
        ["file_skipped", "some_analysis", "complexity skipped deep.js: RangeError: Maximum call stack size exceeded"]
      ])
      expect(output.files.map((f) => [f.path, f.codeLines])).toEqual([["deep.js", 1], ["fine.js", 4]])
      expect(output.measures.loc).toBe(5)
      // Analysed again from the cache: the skipped file was not cached as measured, so it is told again.
      const again = yield* port.analyze(root, { goals, tools: [eslint9(patterns)] })
      expect(again.problems).toEqual(output.problems)
    }).pipe(Effect.provide(NodeContext.layer)), 60_000)

  it.scoped("a checkout holding a dangling link and a link out of the tree analyses its files and skips both links", () =>
    Effect.gen(function*() {
      const fs = yield* FileSystem.FileSystem
      const scratch = yield* fs.makeTempDirectoryScoped({ prefix: "tidemark-links-" })
      const source = yield* treeOf({ "src/a.js": "export const a = (x) => (x ? 1 : 2)\n", "README.md": "# Links\n" })
      yield* fs.symlink("missing.js", `${source}/src/dangling.js`)
      yield* fs.symlink("/etc/hostname", `${source}/src/outside.js`)
      yield* fs.symlink("../../../..", `${source}/src/up`)
      // Committed and checked out by git, as a repository's links reach the analysis.
      const git = (cwd: string, ...args: Array<string>) =>
        execFileSync("git", ["-c", "user.name=T", "-c", "user.email=t@example.org", ...args], { cwd, stdio: "pipe" })
      git(source, "init", "--quiet")
      git(source, "add", "-A")
      git(source, "commit", "--quiet", "-m", "links")
      git(scratch, "clone", "--quiet", source, "checkout")
      const root = `${scratch}/checkout`
      expect((yield* fs.readLink(`${root}/src/dangling.js`))).toBe("missing.js")

      const port = yield* TreeAnalyzer.make({ cacheDirectory: yield* cacheDirectory })
      const output = yield* port.analyze(root, { goals, tools: [] })
      expect(output.files.map((file) => file.path).sort()).toEqual(["README.md", "src/a.js"])
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("a tree that cannot be read fails with AnalyzerFailed naming the path", () =>
    Effect.gen(function*() {
      const root = yield* copyOfTree
      const port = yield* TreeAnalyzer.make({ cacheDirectory: yield* cacheDirectory })
      const failed = yield* Effect.flip(port.analyze(`${root}/missing`, { goals, tools: [] }))
      expect(failed).toBeInstanceOf(Analyzer.AnalyzerFailed)
      expect(failed.message).toContain(`${root}/missing`)
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("with the repository's own ESLint configuration, an issue of a rule no pattern enables is described by the catalogue", () =>
    Effect.gen(function*() {
      const root = yield* treeOf({
        "a.js": "var a = 1\nconsole.log(a == 2);\n",
        "eslint.config.mjs": 'export default [{ rules: { eqeqeq: "error", "no-var": "error", "no-restricted-syntax": "off" } }];\n'
      })
      const port = yield* TreeAnalyzer.make({ cacheDirectory: yield* cacheDirectory })
      const tool = {
        ...eslint9([{ id: "ESLint9_no-var", severityLevel: "Info" as const, category: "BestPractice", title: "Enabled here", parameters: [] }]),
        usesConfigurationFile: true,
        knownPatterns: [
          { id: "ESLint9_eqeqeq", category: "Security", title: "Strict equality" },
          { id: "ESLint9_no-var", category: "CodeStyle", title: "From the catalogue" }
        ]
      }
      const output = yield* port.analyze(root, { goals, tools: [tool] })
      expect(output.findings.map((f) => [f.patternId, f.category, f.patternTitle])).toEqual([
        // The enabled pattern's own description first; the catalogue's for a rule only the file turns on.
        ["ESLint9_no-var", "BestPractice", "Enabled here"],
        ["ESLint9_eqeqeq", "Security", "Strict equality"]
      ])
    }).pipe(Effect.provide(NodeContext.layer)), 60_000)

  it.scoped("runs every enabled tool on its own languages, and says which languages no tool read and why", () =>
    Effect.gen(function*() {
      const root = yield* treeOf({
        "web/app.js": "export const same = (a, b) => a == b\n",
        "tool/main.py": "import os\n\n\ndef main():\n    return 1\n",
        "cmd/main.go": "package main\n\nfunc main() {\n\tprintln(1)\n}\n",
        "docs/guide.md": "# Guide\n\n#Text\n",
        "web/site.css": "p {\n  colr: red;\n}\n",
        "web/_card.scss": "// a card\n.card {}\n"
      })
      const port = yield* TreeAnalyzer.make({ cacheDirectory: yield* cacheDirectory })
      const ruff = {
        uuid: "8b1e2f4a-93c6-4d57-a0e1-5c7d2b9f6e31",
        name: "Ruff",
        usesConfigurationFile: false,
        patterns: [{ id: "Ruff_F401", severityLevel: "Warning" as const, category: "UnusedCode", parameters: [] }]
      }
      const stylelint = {
        uuid: "4f0a7c36-1d2e-4b8f-9a55-c3e6d2b7a914",
        name: "Stylelint",
        usesConfigurationFile: false,
        patterns: [
          { id: "Stylelint_property-no-unknown", severityLevel: "Error" as const, category: "ErrorProne", parameters: [] },
          { id: "Stylelint_block-no-empty", severityLevel: "Warning" as const, category: "UnusedCode", parameters: [] }
        ]
      }
      const eqeqeq = [{ id: "ESLint9_eqeqeq", severityLevel: "Warning" as const, category: "ErrorProne", parameters: [] }]
      const output = yield* port.analyze(root, { goals, tools: [eslint9(eqeqeq), ruff, stylelint] })
      // Each tool's issues, in the order the tools are given.
      expect(output.findings.map((f) => [f.toolName, f.patternId, f.filePath, f.line, f.language])).toEqual([
        ["ESLint9", "ESLint9_eqeqeq", "web/app.js", 1, "JavaScript"],
        ["Ruff", "Ruff_F401", "tool/main.py", 1, "Python"],
        ["Stylelint", "Stylelint_block-no-empty", "web/_card.scss", 2, "SCSS"],
        ["Stylelint", "Stylelint_property-no-unknown", "web/site.css", 2, "CSS"]
      ])
      const byLanguage = Object.fromEntries((output.measures.languageAnalysis ?? []).map((l) => [l.language, [l.tools, l.notAnalysed]]))
      expect(byLanguage).toEqual({
        JavaScript: [["ESLint9"], undefined],
        Python: [["Ruff"], undefined],
        CSS: [["Stylelint"], undefined],
        SCSS: [["Stylelint"], undefined],
        // Staticcheck and go vet read it, and the analysis was not given them.
        Go: [[], "tool_disabled"],
        // markdownlint reads it, and the repository has not enabled it.
        Markdown: [[], "tool_disabled"]
      })
      // Markdown is documentation, not code: only Go is named.
      expect(output.problems.map((p) => p.code)).toEqual(["languages_not_analysed"])
      expect(output.problems[0]?.message).toMatch(/^Issues of Go \(4 lines\): its tool is disabled \((Staticcheck, govet|govet, Staticcheck)\) were not measured/)

      // Ruff off: Python's tools are disabled (Ruff, and Pylint, off by default), which the analysis says.
      const withoutRuff = yield* port.analyze(root, { goals, tools: [eslint9(eqeqeq)] })
      const python = withoutRuff.measures.languageAnalysis?.find((l) => l.language === "Python")
      expect(python).toMatchObject({ tools: [], notAnalysed: "tool_disabled", candidates: ["Ruff", "PyLint"] })
      expect(withoutRuff.measures.languageAnalysis?.find((l) => l.language === "CSS")).toMatchObject({ notAnalysed: "tool_disabled", candidates: ["Stylelint"] })
      expect(withoutRuff.findings.map((f) => f.toolName)).toEqual(["ESLint9"])

      // markdownlint on: Markdown is analysed, and its issues are Markdown's.
      const markdownlint = {
        uuid: "547ff16b-d57c-4d75-8067-5ccf3ea88a00",
        name: "markdownlint",
        usesConfigurationFile: false,
        patterns: [{ id: "markdownlint_MD018", severityLevel: "Warning" as const, category: "ErrorProne", parameters: [] }]
      }
      const withMarkdown = yield* port.analyze(root, { goals, tools: [eslint9(eqeqeq), markdownlint] })
      expect(withMarkdown.findings.map((f) => [f.toolName, f.patternId, f.filePath, f.line, f.language])).toEqual([
        ["ESLint9", "ESLint9_eqeqeq", "web/app.js", 1, "JavaScript"],
        ["markdownlint", "markdownlint_MD018", "docs/guide.md", 3, "Markdown"]
      ])
      // Each measured language counts its own issues: the grade weighs the code's.
      const counted = Object.fromEntries((withMarkdown.measures.languageAnalysis ?? []).map((l) => [l.language, l.issueCounts]))
      expect(counted).toEqual({
        JavaScript: { Error: 0, High: 0, Warning: 1, Info: 0 },
        Markdown: { Error: 0, High: 0, Warning: 1, Info: 0 },
        Python: undefined,
        CSS: undefined,
        SCSS: undefined,
        Go: undefined
      })
      expect(withMarkdown.measures.languageAnalysis?.find((l) => l.language === "Markdown")).toMatchObject({ tools: ["markdownlint"] })
    }).pipe(Effect.provide(NodeContext.layer)), 60_000)

  it.scoped("an enabled catalogue tool no plug-in runs is a problem, never a clean result", () =>
    Effect.gen(function*() {
      const root = yield* treeOf({ "a.js": "export const a = 1\n" })
      const port = yield* TreeAnalyzer.make({ cacheDirectory: yield* cacheDirectory })
      const unknown = { uuid: "00000000-0000-4000-8000-000000000000", name: "Somelint", usesConfigurationFile: false, patterns: [] }
      const output = yield* port.analyze(root, { goals, tools: [eslint9([]), unknown] })
      expect(output.problems.map((p) => [p.code, p.message])).toEqual([
        ["tool_not_installed", "Somelint is enabled, and this server cannot run it: its issues are not measured"]
      ])
    }).pipe(Effect.provide(NodeContext.layer)), 60_000)

  it.scoped("runs ShellCheck on the shell scripts where it is installed, and where it is not says how to install it", () =>
    Effect.gen(function*() {
      const root = yield* treeOf({ "deploy.sh": "#!/bin/sh\necho $1\n", "web/a.js": "export const a = 1\n" })
      const shellCheck = {
        uuid: "233f8aac-4fb6-4193-8a17-e64515bea152",
        name: "ShellCheck",
        usesConfigurationFile: false,
        patterns: [{ id: "ShellCheck_SC2086", severityLevel: "Info" as const, category: "BestPractice", parameters: [] }]
      }
      const installed = yield* TreeAnalyzer.make({ cacheDirectory: yield* cacheDirectory })
      const output = yield* installed.analyze(root, { goals, tools: [eslint9([]), shellCheck] })
      expect(output.findings.map((f) => [f.toolName, f.patternId, f.filePath, f.line, f.level, f.language])).toEqual([
        ["ShellCheck", "ShellCheck_SC2086", "deploy.sh", 2, "Info", "Bourne Shell"]
      ])
      const shellOf = (languages: ReadonlyArray<{ readonly language: string }> | undefined) => languages?.find((l) => l.language === "Bourne Shell")
      expect(shellOf(output.measures.languageAnalysis)).toMatchObject({ tools: ["ShellCheck"] })
      expect(output.problems).toEqual([])

      // Without shellcheck on the search path the tool is not run: the repository is told, the scripts are not counted clean.
      const absent = yield* TreeAnalyzer.make({ cacheDirectory: yield* cacheDirectory, searchPath: "/nonexistent" })
      const missing = yield* absent.analyze(root, { goals, tools: [eslint9([]), shellCheck] })
      expect(missing.findings).toEqual([])
      expect(shellOf(missing.measures.languageAnalysis)).toMatchObject({ tools: [], notAnalysed: "tool_not_installed", candidates: ["ShellCheck"] })
      expect(missing.problems.map((p) => [p.code, p.message])).toEqual([
        [
          "tool_not_installed",
          "ShellCheck is enabled, and this server cannot run it (shellcheck is not on the search path): its issues are not measured; install shellcheck (apt-get install shellcheck; scripts/install-analysers.sh installs every analyser)"
        ],
        ["languages_not_analysed", "Issues of Bourne Shell (2 lines): its tool is not installed on this server (ShellCheck) were not measured: less than half of the code was analysed, so there is no grade"]
      ])
      // Not enabled either, its languages are still "not installed": enabling it would not help.
      const notEnabled = yield* absent.analyze(root, { goals, tools: [eslint9([])] })
      expect(shellOf(notEnabled.measures.languageAnalysis)).toMatchObject({ notAnalysed: "tool_not_installed", candidates: ["ShellCheck"] })
    }).pipe(Effect.provide(NodeContext.layer)), 60_000)

  it.scoped("runs Cppcheck on C and its headers where it is installed, and where it is not says how to install it", () =>
    Effect.gen(function*() {
      const root = yield* treeOf({
        "src/a.c": "#include \"a.h\"\nint first(void) {\n  int *p = 0;\n  return *p + half(2);\n}\n",
        "src/a.h": "static inline int half(int x) {\n  int d = 0;\n  return x / d;\n}\n",
        "web/a.js": "export const a = 1\n"
      })
      const cppcheck = {
        uuid: "76ad0ea2-3122-461b-afac-b0e54bace3ed",
        name: "Cppcheck",
        usesConfigurationFile: false,
        patterns: [
          { id: "Cppcheck_nullPointer", severityLevel: "Error" as const, category: "ErrorProne", parameters: [] },
          { id: "Cppcheck_zerodiv", severityLevel: "Error" as const, category: "ErrorProne", parameters: [] }
        ]
      }
      const installed = yield* TreeAnalyzer.make({ cacheDirectory: yield* cacheDirectory })
      const output = yield* installed.analyze(root, { goals, tools: [eslint9([]), cppcheck] })
      expect(output.findings.map((f) => [f.toolName, f.patternId, f.filePath, f.line, f.level, f.language])).toEqual([
        ["Cppcheck", "Cppcheck_nullPointer", "src/a.c", 4, "Error", "C"],
        ["Cppcheck", "Cppcheck_zerodiv", "src/a.h", 3, "Error", "C/C++ Header"]
      ])
      const cOf = (languages: ReadonlyArray<{ readonly language: string }> | undefined) => languages?.filter((l) => l.language.startsWith("C"))
      expect(cOf(output.measures.languageAnalysis)).toMatchObject([{ language: "C", tools: ["Cppcheck"] }, { language: "C/C++ Header", tools: ["Cppcheck"] }])
      expect(output.problems).toEqual([])

      // Without cppcheck on the search path the tool is not run: the repository is told, the C code is not counted clean.
      const absent = yield* TreeAnalyzer.make({ cacheDirectory: yield* cacheDirectory, searchPath: "/nonexistent" })
      const missing = yield* absent.analyze(root, { goals, tools: [eslint9([]), cppcheck] })
      expect(missing.findings).toEqual([])
      expect(cOf(missing.measures.languageAnalysis)).toMatchObject([
        { language: "C", tools: [], notAnalysed: "tool_not_installed", candidates: ["Cppcheck"] },
        { language: "C/C++ Header", tools: [], notAnalysed: "tool_not_installed", candidates: ["Cppcheck"] }
      ])
      expect(missing.problems.map((p) => p.code)).toEqual(["tool_not_installed", "languages_not_analysed"])
      expect(missing.problems[0]?.message).toBe(
        "Cppcheck is enabled, and this server cannot run it (cppcheck is not on the search path): its issues are not measured; install cppcheck (apt-get install cppcheck; scripts/install-analysers.sh installs every analyser)"
      )
    }).pipe(Effect.provide(NodeContext.layer)), 60_000)

  it.scoped("runs RuboCop on Ruby where it is installed, and where it is not says how to install it", () =>
    Effect.gen(function*() {
      const root = yield* treeOf({
        "lib/a.rb": "def run(code)\n  unused = 1\n  eval(code)\nend\n",
        Rakefile: "task :default\n",
        "web/a.js": "export const a = 1\n"
      })
      const rubocop = {
        uuid: "5a3b8e1c-7d24-4f69-b0e2-91c6d4f8a372",
        name: "RuboCop",
        usesConfigurationFile: false,
        patterns: [
          { id: "RuboCop_Lint/UselessAssignment", severityLevel: "Warning" as const, category: "UnusedCode", parameters: [] },
          { id: "RuboCop_Security/Eval", severityLevel: "Error" as const, category: "Security", parameters: [] }
        ]
      }
      const installed = yield* TreeAnalyzer.make({ cacheDirectory: yield* cacheDirectory })
      const output = yield* installed.analyze(root, { goals, tools: [eslint9([]), rubocop] })
      expect(output.findings.map((f) => [f.toolName, f.patternId, f.filePath, f.line, f.level, f.language])).toEqual([
        ["RuboCop", "RuboCop_Lint/UselessAssignment", "lib/a.rb", 2, "Warning", "Ruby"],
        ["RuboCop", "RuboCop_Security/Eval", "lib/a.rb", 3, "Error", "Ruby"]
      ])
      const rubyOf = (languages: ReadonlyArray<{ readonly language: string }> | undefined) => languages?.filter((l) => l.language === "Ruby")
      expect(rubyOf(output.measures.languageAnalysis)).toMatchObject([{ language: "Ruby", tools: ["RuboCop"] }])
      expect(output.problems).toEqual([])

      // Without rubocop on the search path the tool is not run: the repository is told, the Ruby code is not counted clean.
      const absent = yield* TreeAnalyzer.make({ cacheDirectory: yield* cacheDirectory, searchPath: "/nonexistent" })
      const missing = yield* absent.analyze(root, { goals, tools: [eslint9([]), rubocop] })
      expect(missing.findings).toEqual([])
      expect(rubyOf(missing.measures.languageAnalysis)).toMatchObject([{ language: "Ruby", tools: [], notAnalysed: "tool_not_installed", candidates: ["RuboCop"] }])
      expect(missing.problems.map((p) => p.code)).toEqual(["tool_not_installed", "languages_not_analysed"])
      expect(missing.problems[0]?.message).toBe(
        "RuboCop is enabled, and this server cannot run it (rubocop is not on the search path): its issues are not measured; install rubocop (apt-get install rubocop; scripts/install-analysers.sh installs every analyser)"
      )
    }).pipe(Effect.provide(NodeContext.layer)), 60_000)

  it.scoped("starts no external analyser's program for a tree without files it reads, not even for its version", () =>
    Effect.gen(function*() {
      const fs = yield* FileSystem.FileSystem
      const bin = yield* fs.makeTempDirectoryScoped({ prefix: "tidemark-bin-" })
      // The program runs behind the fences (another user, an empty environment): the mark is where anyone may write.
      yield* fs.chmod(bin, 0o777)
      const mark = `${bin}/asked`
      yield* fs.writeFileString(`${bin}/rubocop`, `#!/bin/sh\ntouch ${mark}\necho 1.39.0\n`)
      yield* fs.chmod(`${bin}/rubocop`, 0o755)
      const rubocop = {
        uuid: "5a3b8e1c-7d24-4f69-b0e2-91c6d4f8a372",
        name: "RuboCop",
        usesConfigurationFile: false,
        patterns: [{ id: "RuboCop_Lint/UselessAssignment", severityLevel: "Warning" as const, category: "UnusedCode", parameters: [] }]
      }
      const analyzer = yield* TreeAnalyzer.make({ cacheDirectory: yield* cacheDirectory, searchPath: bin })
      const scripts = yield* analyzer.analyze(yield* treeOf({ "a.js": "export const a = 1\n" }), { goals, tools: [eslint9([]), rubocop] })
      // Enabled, and with nothing to read: no problem, no process.
      expect(scripts.problems).toEqual([])
      expect(yield* fs.exists(mark)).toBe(false)
      // The same analyzer on a tree with Ruby asks the program its version.
      yield* analyzer.analyze(yield* treeOf({ "a.rb": "x = 1\n" }), { goals, tools: [rubocop] })
      expect(yield* fs.exists(mark)).toBe(true)
    }).pipe(Effect.provide(NodeContext.layer)), 60_000)

  it.scoped("follows the repository's eslintrc when it never chose, and says which configuration it followed", () =>
    Effect.gen(function*() {
      const root = yield* treeOf({
        ".eslintrc.json": '{ "root": true, "parserOptions": { "ecmaVersion": 2022, "sourceType": "module" }, "rules": { "eqeqeq": "error" } }\n',
        "a.js": "export const same = (a, b) => a == b\nexport const debug = () => { debugger }\n"
      })
      const port = yield* TreeAnalyzer.make({ cacheDirectory: yield* cacheDirectory })
      const debuggerPattern = [{ id: "ESLint9_no-debugger", severityLevel: "Warning" as const, category: "ErrorProne", parameters: [] }]
      const byDefault = yield* port.analyze(root, { goals, tools: [{ ...eslint9(debuggerPattern), usesConfigurationFileByDefault: true }] })
      expect(byDefault.findings.map((f) => [f.patternId, f.line, f.level])).toEqual([["ESLint9_eqeqeq", 1, "Warning"]])
      expect(byDefault.measures.followedConfigurations).toEqual([{ toolUuid: TreeAnalyzer.eslint9Uuid, file: ".eslintrc.json" }])
      // The repository chose the patterns: its eslintrc is left alone.
      const chosen = yield* port.analyze(root, { goals, tools: [eslint9(debuggerPattern)] })
      expect(chosen.findings.map((f) => [f.patternId, f.line])).toEqual([["ESLint9_no-debugger", 2]])
      expect(chosen.measures.followedConfigurations).toEqual([])
    }).pipe(Effect.provide(NodeContext.layer)), 60_000)
})
