import globals from "globals"
import { type Globals, globalsOf } from "./ScriptGlobals.js"
import { type TestFramework, testFrameworks } from "./TestFrameworks.js"

/**
 * The globals of an ESLint environment as a repository's config names it (`env: {mocha: true}`,
 * `globals.jest`, `/* eslint-env jasmine *\/`): ESLint's legacy environments are the `globals`
 * package's tables under the same names, and a test framework's are those its tests get here. The
 * ECMAScript versions (`es6`, `es2022`, `builtin`) add nothing: ESLint already knows the latest
 * built-ins. A plugin's test environment (`jest/globals`, `vitest/env`) is its framework's. An
 * unknown name is undefined: it declares nothing here.
 */
export const environmentGlobals = (name: string): Globals | undefined => {
  if (/^(es\d+|builtin)$/.test(name)) return {}
  const framework = testFrameworkOfEnvironment(name)
  if (framework !== undefined) return framework.globals
  return isEnvironment(name) ? globalsOf(globals[name]) : undefined
}

/** The test framework an environment is (`mocha`) or a plugin's environment for (`jest/globals`). */
export const testFrameworkOfEnvironment = (name: string): TestFramework | undefined => {
  const [plugin, environment] = name.split("/")
  return testFrameworks.find((framework) => framework.name === (environment === undefined ? name : plugin))
}

const isEnvironment = (name: string): name is keyof typeof globals => Object.hasOwn(globals, name)
