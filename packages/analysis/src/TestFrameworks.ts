import globals from "globals"
import { isManifest } from "./ManifestDependencies.js"
import { type Globals, globalsOf } from "./ScriptGlobals.js"
import type { SourceFile } from "./SourceTree.js"
import { detectStack } from "./Stack.js"

/**
 * The test frameworks whose tests call globals they inject (`describe`, `it`, `expect`...), and
 * where their tests are. A repository's test files get the globals of the frameworks it uses, so
 * `no-undef` reports only names that are really undefined there. Frameworks whose tests import
 * what they use (ava, tap, node:test, Playwright Test) need no row.
 */
export interface TestFramework {
  readonly name: string
  /** The stack tag (StackRules.ts) that says the repository uses it. */
  readonly tag: string
  readonly globals: Globals
  /** Its own test files beyond the conventional ones (`isConventionalTestFile`). */
  readonly testFiles?: RegExp
  /** Some frameworks inject globals only when configured to: then only if a config file says so. */
  readonly enabledBy?: { readonly files: RegExp; readonly text: RegExp }
}

export const testFrameworks: ReadonlyArray<TestFramework> = [
  { name: "mocha", tag: "tool:mocha", globals: globalsOf(globals.mocha) },
  { name: "jest", tag: "tool:jest", globals: globalsOf(globals.jest) },
  { name: "jasmine", tag: "tool:jasmine", globals: globalsOf(globals.jasmine) },
  { name: "qunit", tag: "tool:qunit", globals: globalsOf(globals.qunit) },
  {
    name: "vitest",
    tag: "tool:vitest",
    globals: globalsOf(globals.vitest),
    // Vitest injects its API only with `test.globals: true`; its config is code, read as text.
    enabledBy: { files: /(^|\/)vite(st)?\.(config|workspace)\.[cm]?[jt]s$/, text: /\bglobals\s*:\s*true\b/ }
  },
  {
    // Karma's `sinon` framework (karma-sinon) puts Sinon on the browser's global object for every spec.
    name: "karma-sinon",
    tag: "tool:karma",
    globals: { sinon: "readonly" },
    enabledBy: { files: /(^|\/)karma\.conf\.[cm]?[jt]s$/, text: /\bframeworks\s*:\s*\[[^\]]*["']sinon["']/ }
  },
  {
    name: "cypress",
    tag: "tool:cypress",
    // Cypress runs its specs with Mocha's interface and Chai's assertions, and adds its own two.
    globals: { ...globalsOf(globals.mocha), ...globalsOf(globals.chai), cy: "readonly", Cypress: "readonly" },
    testFiles: /(^|\/)cypress\/|\.cy\.[cm]?[jt]sx?$/
  }
]

/**
 * Where the frameworks' defaults look for tests (Jest's `__tests__` and `*.test.*`, Mocha's
 * `test/`, Jasmine's `spec/` and `*Spec.js`...), at any depth, and their setup files. A fixture
 * under `test/` gets the globals too: a name the test framework defines is defined there.
 */
const conventionalTestFile =
  /(^|\/)(tests?|__tests__|__mocks__|specs?|e2e)\/|[.\-_](test|spec|e2e|e2e-spec)\.[cm]?[jt]sx?$|[a-z0-9]Spec\.[cm]?[jt]sx?$|(^|\/)(setupTests|[^/]+\.setup)\.[cm]?[jt]sx?$/

export const isConventionalTestFile = (path: string): boolean => conventionalTestFile.test(path)

/** A test file of that framework, by its defaults. */
export const isTestFileOf = (framework: TestFramework, path: string): boolean =>
  isConventionalTestFile(path) || (framework.testFiles?.test(path) ?? false)

/** The test frameworks a tree's manifests and configuration files show it uses. */
export const testFrameworksOf = (files: ReadonlyArray<SourceFile>): ReadonlyArray<TestFramework> => {
  const tags = new Set(detectStack(files.map((file) => file.path), files.filter((file) => isManifest(file.path))).tags)
  return testFrameworks.filter((framework) =>
    tags.has(framework.tag) &&
    (framework.enabledBy === undefined ||
      files.some((file) => framework.enabledBy?.files.test(file.path) === true && framework.enabledBy.text.test(file.content)))
  )
}
