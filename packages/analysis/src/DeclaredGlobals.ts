import { environmentGlobals } from "./EnvironmentGlobals.js"
import { harnessGlobals } from "./HarnessGlobals.js"
import { type PageGlobals, pageGlobalsOf } from "./PageGlobals.js"
import { eslintConfigGlobals, type GlobalsScope, type UnreadableEslintConfig } from "./EslintConfigGlobals.js"
import type { Globals } from "./ScriptGlobals.js"
import type { SourceFile } from "./SourceTree.js"
import { isConventionalTestFile, isTestFileOf, testFrameworksOf } from "./TestFrameworks.js"

/**
 * The globals a repository declares for its files beyond those every JavaScript file has
 * (ScriptGlobals.ts): its test frameworks' on their test files (TestFrameworks.ts), its ESLint
 * configs' (EslintConfigGlobals.ts), what its test setup assigns to the global object for its
 * tests (HarnessGlobals.ts), the names its browser scripts share (PageGlobals.ts), and a file's own `/* eslint-env ... *\/` comment, which
 * ESLint 9's flat config no longer reads but which says all the same what the file expects.
 */
export interface DeclaredGlobals {
  /** A file's globals, in the order they apply (a later `off` takes one back), and a key naming that combination. */
  readonly of: (file: SourceFile) => { readonly key: string; readonly globals: Globals }
  readonly unreadable: ReadonlyArray<UnreadableEslintConfig>
  /** The repository's classic scripts and the names they share (PageGlobals.ts): declared by one, used by another. */
  readonly page: PageGlobals
}

const environmentComment = /\/\*\s*eslint-env\s([\s\S]*?)\*\//g

// A UMD wrapper's test for an AMD loader: its `define(…)` runs only where one is (jQuery UI's
// datepicker locales in redmine: `if (typeof define === "function" && define.amd) define([…], f)`).
const testsForAmd = /\bdefine\.amd\b/

const amdGlobals: Globals = { define: "readonly" }

const commentEnvironments = (content: string): ReadonlyArray<string> =>
  content.includes("eslint-env")
    ? Array.from(content.matchAll(environmentComment), (match) => (match[1] ?? "").split(/[\s,]+/)).flat().filter((name) => name !== "")
    : []

export const declaredGlobals = (files: ReadonlyArray<SourceFile>): DeclaredGlobals => {
  const frameworks = testFrameworksOf(files).map((framework): GlobalsScope => ({
    source: `${framework.name} tests`,
    applies: (path) => isTestFileOf(framework, path),
    globals: framework.globals
  }))
  const configs = eslintConfigGlobals(files)
  const harness = harnessGlobals(files)
  const setup: ReadonlyArray<GlobalsScope> = Object.keys(harness).length === 0
    ? []
    : [{ source: "test setup", applies: isConventionalTestFile, globals: harness }]
  const page = pageGlobalsOf(files)
  const pageScripts: ReadonlyArray<GlobalsScope> = Object.keys(page.globals).length === 0
    ? []
    : [{ source: "the page's scripts", applies: (path) => page.scripts.has(path), globals: page.globals }]
  const scopes = [...frameworks, ...setup, ...pageScripts, ...configs.scopes]
  return {
    of: (file) => {
      const applying = scopes.filter((scope) => scope.applies(file.path))
      const environments = commentEnvironments(file.content)
      const amd = testsForAmd.test(file.content)
      const key = [...applying.map((scope) => scope.source), ...(amd ? ["AMD's define"] : []), ...environments.map((name) => `eslint-env ${name}`)].join("\n")
      const globals: Globals = Object.assign(
        {},
        ...applying.map((scope) => scope.globals),
        amd ? amdGlobals : {},
        ...environments.map((name) => environmentGlobals(name) ?? {})
      )
      return { key, globals }
    },
    unreadable: configs.unreadable,
    page
  }
}
