import { NodeContext } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { isConventionalTestFile, lintTree, readSourceTree } from "../src/index.js"
import { treeOf } from "./TreeFixture.js"

const noUndef = { patternId: "ESLint9_no-undef", ruleId: "no-undef", severity: "Error" as const, parameters: [] }

/** `file: name` for each name `no-undef` reports in a tree made of `files`. */
const undefinedNames = (files: Readonly<Record<string, string>>) =>
  Effect.gen(function*() {
    const root = yield* treeOf(files)
    const sources = yield* readSourceTree(root)
    const result = yield* lintTree(root, sources, { rules: [noUndef], useConfigurationFile: false })
    return result.issues.map((issue) => `${issue.file}: ${/'(.*)'/.exec(issue.message)?.[1] ?? issue.message}`)
  }).pipe(Effect.provide(NodeContext.layer))

const manifest = (section: string, dependencies: ReadonlyArray<string>) =>
  JSON.stringify({ name: "fixture", [section]: Object.fromEntries(dependencies.map((name) => [name, "*"])) })

const mochaTest = "describe('cart', () => { before(() => {}); it('adds', () => { missingHelper() }) })\n"

describe("isConventionalTestFile", () => {
  it("knows the frameworks' default test folders and names, at any depth", () => {
    const tests = [
      "test/cart.js",
      "packages/a/tests/b.js",
      "src/__tests__/c.tsx",
      "spec/d.js",
      "e2e/login.js",
      "src/cart.test.js",
      "src/cart.spec.ts",
      "src/cart-test.mjs",
      "app/app.e2e-spec.ts",
      "spec/PlayerSpec.js",
      "src/setupTests.js",
      "jest.setup.ts"
    ]
    expect(tests.filter((path) => !isConventionalTestFile(path))).toEqual([])
    expect(["src/cart.js", "src/testing.js", "src/latest/a.js", "src/inspect.js", "src/contest.js"].filter(isConventionalTestFile)).toEqual([])
  })
})

describe("lintTree gives a test framework's globals to its test files", () => {
  it.scoped("mocha, from package.json's dependencies: its test files only, and a name no one defines is still reported", () =>
    Effect.gen(function*() {
      const names = yield* undefinedNames({
        "package.json": manifest("devDependencies", ["mocha"]),
        "test/cart.js": mochaTest,
        "lib/cart.test.js": mochaTest,
        "src/cart.js": "describe('not a test file')\n"
      })
      expect(names).toEqual(["lib/cart.test.js: missingHelper", "src/cart.js: describe", "test/cart.js: missingHelper"])
    }))

  it.scoped("no framework, no globals", () =>
    Effect.gen(function*() {
      const names = yield* undefinedNames({ "package.json": manifest("dependencies", ["left-pad"]), "test/cart.js": "it('x')\n" })
      expect(names).toEqual(["test/cart.js: it"])
    }))

  it.scoped("jest from its config file, jasmine, qunit, cypress: each its own globals", () =>
    Effect.gen(function*() {
      const names = yield* undefinedNames({
        "jest.config.js": "module.exports = {}\n",
        "spec/support/jasmine.json": "{}\n",
        "package.json": manifest("devDependencies", ["qunit", "cypress"]),
        "src/__tests__/a.js": "test('a', () => { expect(jest.fn()).toBeDefined(); spyOn({}, 'x') })\n",
        "test/q.js": "QUnit.module('q'); QUnit.test('t', (assert) => assert.ok(true))\n",
        "cypress/e2e/login.cy.js": "describe('login', () => { it('works', () => { cy.visit('/'); expect(Cypress.env('x')).to.equal(1) }) })\n",
        "src/app.js": "expect(1)\n"
      })
      expect(names).toEqual(["src/app.js: expect"])
    }))

  it.scoped("vitest only with `globals: true` in its config", () =>
    Effect.gen(function*() {
      const files = { "package.json": manifest("devDependencies", ["vitest"]), "src/a.test.js": "test('a', () => expect(vi.fn()).toBeTruthy())\n" }
      expect(yield* undefinedNames(files)).toEqual(["src/a.test.js: test", "src/a.test.js: expect", "src/a.test.js: vi"])
      const configured = { ...files, "vitest.config.ts": "export default { test: { globals: true } }\n" }
      expect(yield* undefinedNames(configured)).toEqual([])
    }))

  it.scoped("sinon in a Karma spec when Karma's frameworks list `sinon` (karma-sinon), as axios's do", () =>
    Effect.gen(function*() {
      const files = {
        "package.json": manifest("devDependencies", ["karma", "karma-sinon", "jasmine-core"]),
        "test/specs/url.spec.js": "describe('url', () => { it('x', () => { sinon.stub() }) })\n"
      }
      expect(yield* undefinedNames(files)).toEqual(["test/specs/url.spec.js: sinon"])
      const configured = { ...files, "karma.conf.cjs": "module.exports = (config) => config.set({ frameworks: ['jasmine', 'sinon'] })\n" }
      expect(yield* undefinedNames(configured)).toEqual([])
    }))
})

describe("lintTree reads the globals of the repository's ESLint configs without running them", () => {
  it.scoped("legacy data configs: env, globals, overrides and `off`, each for the files under its directory", () =>
    Effect.gen(function*() {
      const names = yield* undefinedNames({
        ".eslintrc.yml": "env:\n  jquery: true\nglobals:\n  APP_VERSION: readonly\noverrides:\n  - files: ['*.spec.js']\n    env:\n      jasmine: true\n",
        "test/.eslintrc.json": "{\n  // the suite's own\n  \"env\": { \"mocha\": true },\n  \"globals\": { \"fixture\": true, \"process\": \"off\" }\n}\n",
        "src/app.js": "$(document).ready(() => APP_VERSION)\n",
        "src/app.spec.js": "describe('app', () => { it('runs', () => { spyOn(window, 'alert') }) })\n",
        "src/other.js": "describe('not here')\n",
        "test/cart.js": "describe('cart', () => { it('x', () => fixture(process)) })\n"
      })
      expect(names).toEqual(["src/other.js: describe", "test/cart.js: process"])
    }))

  it.scoped("package.json's eslintConfig, a legacy .eslintrc with comments, the first config of a directory by ESLint's order", () =>
    Effect.gen(function*() {
      const names = yield* undefinedNames({
        "package.json": JSON.stringify({ name: "x", eslintConfig: { env: { jest: true } } }),
        "a/.eslintrc": "/* legacy */ { \"globals\": { \"legacyGlobal\": \"readonly\" } }\n",
        // .eslintrc.js comes first: the .json beside it is not read.
        "b/.eslintrc.js": "module.exports = { env: { mocha: true } }\n",
        "b/.eslintrc.json": "{ \"globals\": { \"shadowed\": \"readonly\" } }\n",
        "a/x.js": "expect(legacyGlobal)\n",
        // Mocha's `context`, which Jest does not have: .eslintrc.js is code, read as text, so its test
        // environment goes to the test files below it only.
        "b/test/y.js": "context(shadowed)\n",
        "b/z.js": "context()\n"
      })
      expect(names).toEqual(["b/test/y.js: shadowed", "b/z.js: context"])
    }))

  it.scoped("a flat config's `globals.mocha` as text, for the test files below it; an eslint-env comment for its file", () =>
    Effect.gen(function*() {
      const names = yield* undefinedNames({
        "eslint.config.js": "import globals from 'globals'\nexport default [{ languageOptions: { globals: { ...globals.mocha } } }]\n",
        "test/a.js": "describe('a')\n",
        "src/b.js": "describe('b')\n",
        "src/c.js": "/* eslint-env jasmine */\nspyOn({}, 'x')\n"
      })
      expect(names).toEqual(["src/b.js: describe"])
    }))

  it.scoped("a config that does not parse declares nothing, and the linting goes on", () =>
    Effect.gen(function*() {
      const names = yield* undefinedNames({
        ".eslintrc.yml": "env: [mocha\n",
        "test/a.js": "describe('a')\n"
      })
      expect(names).toEqual(["test/a.js: describe"])
    }))
})
