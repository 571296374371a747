import tsParser from "@typescript-eslint/parser"
import type { Linter } from "eslint"
import { environmentGlobals } from "../EnvironmentGlobals.js"
import type { GlobalAccess } from "../ScriptGlobals.js"
import type { LegacyBody } from "./LegacyConfigData.js"

/**
 * The language options of one ESLint 8 config element (`env`, `globals`, `parser`,
 * `parserOptions`) as flat config objects. ESLint 8 gives a file the parser options its
 * environments imply (`es2022` → ecmaVersion 13, `node` → `return` at the top level) under those
 * its configs state, whatever their order: so the environments' options go in objects of their
 * own (`implied`), all placed before the configs' own (`stated`).
 */

export interface ElementLanguageOptions {
  /** Implied by the environments: placed before every stated option of the whole config. */
  readonly implied: Linter.LanguageOptions | undefined
  readonly stated: Linter.LanguageOptions | undefined
  /** Names this element uses that Tidemark cannot follow. */
  readonly unknownEnvironments: ReadonlyArray<string>
  readonly unsupportedParser: string | undefined
}

/** ESLint 8's own defaults (espree's): ES5 scripts. */
export const eslint8LanguageOptions: Linter.LanguageOptions = { ecmaVersion: 5, sourceType: "script" }

/** The parser Tidemark loads for TypeScript, under its package name or a resolved path to it. */
export const isTypeScriptParser = (parser: string): boolean =>
  parser === "@typescript-eslint/parser" || /[\\/]@typescript-eslint[\\/]parser[\\/]/.test(parser)

// ESLint 8's environments `es6`, `es2016`... `es2024` set the parser's ecmaVersion (and with it
// the built-in globals); flat config takes the year.
const ecmaVersionOfEnvironment = (name: string): number | undefined => {
  if (name === "es6") return 2015
  const year = /^es(20\d\d)$/.exec(name)?.[1]
  return year === undefined ? undefined : Number(year)
}

/** ESLint 8's `normalizeConfigGlobal`. */
const accessOf = (setting: NonNullable<LegacyBody["globals"]>[string]): GlobalAccess =>
  setting === true || setting === "true" || setting === "writable" || setting === "writeable"
    ? "writable"
    : setting === "off"
    ? "off"
    : "readonly"

const nonEmpty = (options: Linter.LanguageOptions): Linter.LanguageOptions | undefined =>
  Object.keys(options).length === 0 ? undefined : options

const impliedOf = (environments: ReadonlyArray<string>): Linter.LanguageOptions | undefined => {
  const versions = environments.flatMap((name) => {
    const version = ecmaVersionOfEnvironment(name)
    return version === undefined ? [] : [version]
  })
  const globalReturn = environments.some((name) => name === "node" || name === "commonjs")
  return nonEmpty({
    ...(versions.length === 0 ? {} : { ecmaVersion: Math.max(...versions) as Linter.EcmaVersion }),
    ...(globalReturn ? { parserOptions: { ecmaFeatures: { globalReturn: true } } } : {})
  })
}

const statedOf = (body: LegacyBody, environments: ReadonlyArray<string>): Linter.LanguageOptions | undefined => {
  const globals = {
    ...Object.assign({}, ...environments.map((name) => environmentGlobals(name) ?? {})),
    ...Object.fromEntries(Object.entries(body.globals ?? {}).map(([name, setting]) => [name, accessOf(setting)]))
  }
  // ESLint 9 drops `globalReturn` from the options of a file that ends up a module, as ESLint 8 did.
  const { ecmaFeatures, ecmaVersion, sourceType } = body.parserOptions ?? {}
  const parser = body.parser
  const replaced = parser !== undefined && !isTypeScriptParser(parser)
  return nonEmpty({
    ...(Object.keys(globals).length === 0 ? {} : { globals }),
    // Another parser's files are read by ESLint's own, as permissively as it can: the latest
    // syntax, modules, JSX (its own options below still apply).
    ...(replaced ? { ecmaVersion: "latest", sourceType: "module", parserOptions: { ecmaFeatures: { jsx: true } } } : {}),
    // typescript-eslint's parser reads any syntax: only the built-in globals follow ecmaVersion,
    // and ESLint 8 gave ES5's only to espree's files.
    ...(parser !== undefined && !replaced ? { parser: tsParser, ecmaVersion: "latest" } : {}),
    ...(ecmaVersion === undefined ? {} : { ecmaVersion: ecmaVersion as Linter.EcmaVersion }),
    ...(sourceType === undefined ? {} : { sourceType }),
    ...(ecmaFeatures === undefined ? {} : { parserOptions: { ecmaFeatures } })
  })
}

export const languageOptionsOf = (body: LegacyBody): ElementLanguageOptions => {
  const environments = Object.entries(body.env ?? {}).flatMap(([name, on]) => (on ? [name] : []))
  return {
    implied: impliedOf(environments),
    stated: statedOf(body, environments),
    unknownEnvironments: environments.filter((name) => environmentGlobals(name) === undefined && name !== "builtin"),
    unsupportedParser: body.parser !== undefined && !isTypeScriptParser(body.parser) ? body.parser : undefined
  }
}
