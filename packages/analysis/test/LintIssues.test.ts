import { FileSystem, Path } from "@effect/platform"
import { NodeContext } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { fileURLToPath } from "node:url"
import {
  type EnabledRule,
  type IssueSeverity,
  type LintResult,
  type LintSettings,
  lintTree,
  readSourceTree
} from "../src/index.js"
import { defaultEslint9Rules } from "./RealProjects.js"

const fixture = fileURLToPath(new URL("./fixtures/lint/", import.meta.url))

const rule = (ruleId: string, severity: IssueSeverity, parameters: EnabledRule["parameters"] = []): EnabledRule => ({
  patternId: `ESLint9_${ruleId.replaceAll("/", "_")}`,
  ruleId,
  severity,
  parameters
})

// A tree that cannot be read is not this module's concern: only LintError is left to expect.
const lint = (root: string, settings: LintSettings) =>
  readSourceTree(root).pipe(Effect.orDie, Effect.flatMap((files) => lintTree(root, files, settings)))

const lintFixture = (rules: ReadonlyArray<EnabledRule>) => lint(fixture, { rules, useConfigurationFile: false })

const rows = (result: LintResult) => result.issues.map((issue) => [issue.file, issue.line, issue.patternId, issue.severity])

const maxDepth = (value: string) => rule("max-depth", "Info", [{ name: "max", value }])

describe("lintTree with the enabled patterns", () => {
  it.effect("reports each enabled rule's issues, with the pattern's id and severity, in file order", () =>
    Effect.gen(function*() {
      const result = yield* lintFixture([
        rule("no-unused-vars", "Error"),
        rule("@typescript-eslint/no-unused-vars", "Warning"),
        rule("eqeqeq", "Warning"),
        maxDepth("1"),
        rule("@typescript-eslint/no-explicit-any", "High")
      ])
      expect(rows(result)).toEqual([
        ["src/app.js", 1, "ESLint9_no-unused-vars", "Error"],
        ["src/app.js", 4, "ESLint9_eqeqeq", "Warning"],
        ["src/app.js", 5, "ESLint9_max-depth", "Info"],
        ["src/types.ts", 2, "ESLint9_@typescript-eslint_no-explicit-any", "High"],
        ["src/types.ts", 6, "ESLint9_max-depth", "Info"],
        ["src/types.ts", 10, "ESLint9_@typescript-eslint_no-unused-vars", "Warning"]
      ])
      expect(result.issues[1]?.message).toBe("Expected '===' and instead saw '=='.")
      // src/view.jsx (JSX in JavaScript) parses; README.md is not linted.
      expect(result.lintedFiles).toBe(5)
      expect(result.failedFiles).toEqual([])
      expect(result.skippedRules).toEqual([])
      expect(result.configurationFile).toBeUndefined()
    }).pipe(Effect.provide(NodeContext.layer)))

  it.effect("skips a file that does not parse, and counts it apart", () =>
    Effect.gen(function*() {
      const result = yield* lintFixture([rule("no-unused-vars", "Error")])
      expect(result.unparsedFiles.map((file) => [file.file, file.line, file.message])).toEqual([
        ["src/broken.js", 1, "Parsing error: Unexpected token ="]
      ])
      expect(result.issues.filter((issue) => issue.file === "src/broken.js")).toEqual([])
    }).pipe(Effect.provide(NodeContext.layer)))

  it.effect("runs only the enabled rules", () =>
    Effect.gen(function*() {
      expect(rows(yield* lintFixture([rule("eqeqeq", "Error")]))).toEqual([["src/app.js", 4, "ESLint9_eqeqeq", "Error"]])
      const none = yield* lintFixture([])
      expect(none.issues).toEqual([])
      expect(none.lintedFiles).toBe(5)
      expect(none.unparsedFiles.length).toBe(1)
    }).pipe(Effect.provide(NodeContext.layer)))

  it.effect("builds a rule's options from its parameters", () =>
    Effect.gen(function*() {
      // ESLint's default maximum depth is 4: the fixture's depth of 2 passes, as with an empty value.
      expect(rows(yield* lintFixture([rule("max-depth", "Info")]))).toEqual([])
      expect(rows(yield* lintFixture([maxDepth("")]))).toEqual([])
      expect(rows(yield* lintFixture([maxDepth("2")]))).toEqual([])
      expect(rows(yield* lintFixture([maxDepth("1")]))).toEqual([
        ["src/app.js", 5, "ESLint9_max-depth", "Info"],
        ["src/types.ts", 6, "ESLint9_max-depth", "Info"]
      ])
      // A boolean parameter: the rest arguments are let through when ignoreRestArgs is "true".
      const args = "export const log = (...values: any[]): void => { void values }\n"
      const root = yield* treeOf({ "rest.ts": args })
      const noExplicitAny = (value: string) =>
        lint(root, { rules: [rule("@typescript-eslint/no-explicit-any", "Warning", [{ name: "ignoreRestArgs", value }])], useConfigurationFile: false })
      expect(rows(yield* noExplicitAny("false"))).toEqual([["rest.ts", 1, "ESLint9_@typescript-eslint_no-explicit-any", "Warning"]])
      expect(rows(yield* noExplicitAny("true"))).toEqual([])
    }).pipe(Effect.provide(NodeContext.layer), Effect.scoped))

  it.effect("runs eslint-plugin-security's rules when their patterns are enabled, in JavaScript and TypeScript", () =>
    Effect.gen(function*() {
      const root = yield* treeOf({
        "run.js": "const { exec } = require(\"child_process\")\nexport const run = (name) => exec(`ls ${name}`)\n",
        "calc.ts": "export const calc = (input: string): unknown => eval(input)\n"
      })
      const security = [rule("security/detect-child-process", "Warning"), rule("security/detect-eval-with-expression", "High")]
      const result = yield* lint(root, { rules: security, useConfigurationFile: false })
      expect(rows(result)).toEqual([
        ["calc.ts", 1, "ESLint9_security_detect-eval-with-expression", "High"],
        ["run.js", 2, "ESLint9_security_detect-child-process", "Warning"]
      ])
      expect(result.issues.map((issue) => issue.message)).toEqual([
        "eval with argument of type Identifier",
        "Found child_process.exec() with non Literal first argument"
      ])
      expect(result.skippedRules).toEqual([])
      // Off unless enabled: the default patterns, as a repository nobody configured gets them, run none of the plugin's.
      expect(defaultEslint9Rules.filter(({ ruleId }) => ruleId.startsWith("security/"))).toEqual([])
      const byDefault = yield* lint(root, { rules: defaultEslint9Rules, useConfigurationFile: false })
      expect(byDefault.issues.filter(({ patternId }) => patternId.startsWith("ESLint9_security_"))).toEqual([])
    }).pipe(Effect.provide(NodeContext.layer), Effect.scoped))

  it.effect("reports the rules it cannot run, and runs the others", () =>
    Effect.gen(function*() {
      const result = yield* lintFixture([
        rule("no-such-rule", "Error"),
        rule("@typescript-eslint/constructor", "Error"),
        rule("max-depth", "Info", [{ name: "max", value: "deep" }]),
        rule("@typescript-eslint/no-floating-promises", "Error"),
        rule("eqeqeq", "Warning")
      ])
      expect(rows(result)).toEqual([["src/app.js", 4, "ESLint9_eqeqeq", "Warning"]])
      expect(result.skippedRules.map((skipped) => [skipped.patternId, skipped.reason])).toEqual([
        ["ESLint9_no-such-rule", "UnknownRule"],
        ["ESLint9_@typescript-eslint_constructor", "UnknownRule"],
        ["ESLint9_@typescript-eslint_no-floating-promises", "RequiresTypeInformation"],
        ["ESLint9_max-depth", "InvalidOptions"]
      ])
      expect(result.skippedRules[3]?.detail).toMatch(/max-depth/)
    }).pipe(Effect.provide(NodeContext.layer)))

  it.effect("knows a browser's and Node's globals in JavaScript", () =>
    Effect.gen(function*() {
      // lib/runtime.cjs uses console, document, process, require and module: only its undefined
      // helper is reported.
      expect(rows(yield* lintFixture([rule("no-undef", "Error")]))).toEqual([["lib/runtime.cjs", 5, "ESLint9_no-undef", "Error"]])
    }).pipe(Effect.provide(NodeContext.layer)))

  it.effect("leaves to TypeScript and typescript-eslint the core rules they replace, in TypeScript files", () =>
    Effect.gen(function*() {
      // src/types.ts calls an undefined helper (TypeScript's to report), and declares `y` unused and
      // a function type's parameter (which core no-unused-vars would take for an unused variable).
      const core = yield* lintFixture([rule("no-unused-vars", "Error"), rule("no-undef", "Error")])
      expect(rows(core)).toEqual([
        ["lib/runtime.cjs", 5, "ESLint9_no-undef", "Error"],
        ["src/app.js", 1, "ESLint9_no-unused-vars", "Error"]
      ])
      const typescript = yield* lintFixture([rule("@typescript-eslint/no-unused-vars", "Error")])
      expect(rows(typescript)).toEqual([["src/types.ts", 10, "ESLint9_@typescript-eslint_no-unused-vars", "Error"]])
    }).pipe(Effect.provide(NodeContext.layer)))
})

/** A scoped temporary tree of the given files. */
const treeOf = (files: Readonly<Record<string, string>>) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const root = yield* fs.makeTempDirectoryScoped({ prefix: "tidemark-lint-" })
    for (const [name, content] of Object.entries(files)) yield* fs.writeFileString(path.join(root, name), content)
    return root
  }).pipe(Effect.orDie)

const withConfig = (files: Readonly<Record<string, string>>, rules: ReadonlyArray<EnabledRule> = []) =>
  treeOf(files).pipe(Effect.flatMap((root) => lint(root, { rules, useConfigurationFile: true })))

const code = {
  "a.js": "const a = 1\nconsole.log(a == 2);\n",
  "b.ts": "const b: number = 1\n"
}

describe("lintTree with the repository's configuration file", () => {
  it.effect("lints with the config's rules, not the patterns", () =>
    Effect.gen(function*() {
      const result = yield* withConfig(
        { ...code, "eslint.config.mjs": 'export default [{ rules: { semi: "error" } }];\n' },
        [rule("eqeqeq", "Error")]
      )
      // ESLint's default files are JavaScript's: b.ts has no config, and is left out.
      expect(rows(result)).toEqual([["a.js", 1, "ESLint9_semi", "Warning"]])
      expect(result.issues[0]?.message).toBe("Missing semicolon.")
      expect(result.configurationFile).toBe("eslint.config.mjs")
      expect(result.lintedFiles).toBe(3)
    }).pipe(Effect.provide(NodeContext.layer), Effect.scoped))

  it.effect("takes the severity of an enabled pattern of the same rule", () =>
    Effect.gen(function*() {
      const result = yield* withConfig(
        { ...code, "eslint.config.js": 'export default [{ rules: { semi: "warn", eqeqeq: "error" } }];\n' },
        [rule("semi", "Info")]
      )
      expect(rows(result)).toEqual([["a.js", 1, "ESLint9_semi", "Info"], ["a.js", 2, "ESLint9_eqeqeq", "Warning"]])
    }).pipe(Effect.provide(NodeContext.layer), Effect.scoped))

  it.effect("uses the patterns when the tree has no configuration file", () =>
    Effect.gen(function*() {
      const result = yield* withConfig(code, [rule("eqeqeq", "Error")])
      expect(rows(result)).toEqual([["a.js", 2, "ESLint9_eqeqeq", "Error"]])
      expect(result.configurationFile).toBeUndefined()
    }).pipe(Effect.provide(NodeContext.layer), Effect.scoped))

  it.effect("ignores the configuration file unless asked to use it", () =>
    Effect.gen(function*() {
      const root = yield* treeOf({ ...code, "eslint.config.mjs": 'export default [{ rules: { semi: "error" } }];\n' })
      const result = yield* lint(root, { rules: [rule("eqeqeq", "Error")], useConfigurationFile: false })
      expect(rows(result)).toEqual([["a.js", 2, "ESLint9_eqeqeq", "Error"]])
    }).pipe(Effect.provide(NodeContext.layer), Effect.scoped))

  it.effect("fails with LintError, saying why, when the config cannot be loaded", () =>
    Effect.gen(function*() {
      const broken = yield* Effect.flip(withConfig({ ...code, "eslint.config.mjs": "export default [{ rules: {\n" }))
      expect(broken._tag).toBe("LintError")
      expect(broken.configurationFile).toBe("eslint.config.mjs")
      expect(broken.reason).toMatch(/Unexpected end of input/)
      const missing = yield* Effect.flip(withConfig({
        ...code,
        "eslint.config.js": 'import plugin from "eslint-plugin-not-installed-here"\nexport default [plugin.configs.recommended]\n'
      }))
      expect(missing.reason).toMatch(/Cannot find package 'eslint-plugin-not-installed-here'/)
      const invalid = yield* Effect.flip(withConfig({ ...code, "eslint.config.mjs": 'export default [{ rules: { semi: ["error", "sometimes"] } }]\n' }))
      expect(invalid.reason).toMatch(/semi/)
    }).pipe(Effect.provide(NodeContext.layer), Effect.scoped))
})

describe("lintTree keeps ESLint's fixes", () => {
  const source = "export const on = (x) => {\n  if (!!x) return /a   b/.test(x)\n  return missing\n}\n"
  const fixes = (result: LintResult) => result.issues.map((issue) => [issue.patternId, issue.fix])
  const enabled = [rule("no-extra-boolean-cast", "Warning"), rule("no-regex-spaces", "Warning"), rule("no-undef", "Error")]
  const expected = [
    ["ESLint9_no-extra-boolean-cast", [{ from: 33, to: 36, text: "x" }]],
    ["ESLint9_no-regex-spaces", [{ from: 47, to: 50, text: " {3}" }]],
    ["ESLint9_no-undef", undefined]
  ]

  it.effect("as edits of the file's content, for the rules that have one, with the enabled patterns", () =>
    Effect.gen(function*() {
      const result = yield* treeOf({ "on.js": source }).pipe(Effect.flatMap((root) => lint(root, { rules: enabled, useConfigurationFile: false })))
      expect(fixes(result)).toEqual(expected)
      // Each edit replaces what the message is about.
      expect(source.slice(33, 36)).toBe("!!x")
      expect(source.slice(47, 50)).toBe("   ")
    }).pipe(Effect.provide(NodeContext.layer), Effect.scoped))

  it.effect("through the sandboxed run of the repository's own configuration file too", () =>
    Effect.gen(function*() {
      const result = yield* withConfig({
        "on.js": source,
        "eslint.config.mjs": 'export default [{ rules: { "no-extra-boolean-cast": "error", "no-regex-spaces": "error", "no-undef": "error" } }];\n'
      })
      expect(fixes(result)).toEqual(expected)
    }).pipe(Effect.provide(NodeContext.layer), Effect.scoped))

  it.effect("in the text without a byte order mark, as every file's content is read", () =>
    Effect.gen(function*() {
      const result = yield* treeOf({ "on.js": `\uFEFF${source}` }).pipe(Effect.flatMap((root) => lint(root, { rules: enabled, useConfigurationFile: false })))
      expect(fixes(result)).toEqual(expected)
    }).pipe(Effect.provide(NodeContext.layer), Effect.scoped))
})
