import eslintJs from "@eslint/js"
import tsPlugin from "@typescript-eslint/eslint-plugin"
import { Either } from "effect"
import { createRequire } from "node:module"
import { dirname, isAbsolute, sep } from "node:path"
import { decodeLegacyConfig, type LegacyConfigData } from "./LegacyConfigData.js"
import securityPlugin from "eslint-plugin-security"
import { shippedPluginScope, typeScriptScope } from "../ShippedPlugins.js"

/**
 * The configs an `extends` may name that Tidemark ships: ESLint's own (`eslint:recommended`,
 * `eslint:all`, from `@eslint/js` 9), typescript-eslint's legacy configs
 * (`plugin:@typescript-eslint/recommended`...), and the shareable configs among Tidemark's
 * dependencies (`standard`, `semistandard`, `airbnb-base`, `airbnb-base/legacy`, `prettier`).
 *
 * They are resolved from this package (`createRequire(import.meta.url)`), never from the
 * repository's folder: only Tidemark's own pinned dependencies are loaded, never a module of the
 * checkout. A shipped config's own `extends` (airbnb-base's `require.resolve`d rule files,
 * typescript-eslint's `./configs/eslintrc/base`) are followed only inside the same package.
 */

/** A shipped config, as data; `from` is where its own relative `extends` resolve. */
export interface SharedConfig {
  readonly data: LegacyConfigData
  readonly from: Origin
}

/** A module file inside a shipped package, or typescript-eslint's plugin. */
export type Origin = { readonly _tag: "Module"; readonly file: string; readonly packageRoot: string } | { readonly _tag: "TypeScriptPlugin" }

const require = createRequire(import.meta.url)

/** The shareable config packages Tidemark ships, with the entry points an `extends` may name. */
const shippedModules: ReadonlySet<string> = new Set([
  "eslint-config-standard",
  "eslint-config-semistandard",
  "eslint-config-airbnb-base",
  "eslint-config-airbnb-base/legacy",
  "eslint-config-prettier"
])

/** ESLint 8's naming convention: `standard` → `eslint-config-standard`, `@scope/x` → `@scope/eslint-config-x`. */
export const shareableModuleName = (name: string): string => {
  if (name.startsWith("@")) {
    const [scope, rest] = [name.split("/")[0] ?? name, name.split("/").slice(1).join("/")]
    if (rest === "") return `${scope}/eslint-config`
    return rest.startsWith("eslint-config") ? name : `${scope}/eslint-config-${rest}`
  }
  return name.startsWith("eslint-config-") ? name : `eslint-config-${name}`
}

const packageNameOf = (request: string): string =>
  request.split("/").slice(0, request.startsWith("@") ? 2 : 1).join("/")

const decoded = (value: unknown, from: Origin): Either.Either<SharedConfig, string> =>
  decodeLegacyConfig(value).pipe(
    Either.map((data): SharedConfig => ({ data, from })),
    Either.mapLeft((reason) => `its content is not an ESLint config (${reason})`)
  )

const loadModule = (file: string, packageRoot: string): Either.Either<SharedConfig, string> =>
  Either.try({
    try: (): unknown => require(file),
    catch: (error) => `it could not be loaded: ${error instanceof Error ? error.message : String(error)}`
  }).pipe(Either.flatMap((value) => decoded(value, { _tag: "Module", file, packageRoot })))

const loadPackage = (request: string): Either.Either<SharedConfig, string> =>
  Either.try({
    try: () => ({
      file: require.resolve(request),
      packageRoot: dirname(require.resolve(`${packageNameOf(request)}/package.json`))
    }),
    catch: (error) => `it could not be resolved: ${error instanceof Error ? error.message : String(error)}`
  }).pipe(Either.flatMap(({ file, packageRoot }) => loadModule(file, packageRoot)))

// typescript-eslint's legacy configs (not its `flat/` ones), by name; their own `extends` are
// `./configs/eslintrc/<name>` of the same plugin.
const typeScriptConfig = (name: string): Either.Either<SharedConfig, string> => {
  const configs: Readonly<Record<string, unknown>> = tsPlugin.configs
  return name.startsWith("flat/") || !Object.hasOwn(configs, name)
    ? Either.left(`typescript-eslint has no config "${name}"`)
    : decoded(configs[name], { _tag: "TypeScriptPlugin" })
}

// eslint-plugin-security's eslintrc config is `recommended-legacy` (its `recommended` is a flat one).
const securityConfig = (name: string): Either.Either<SharedConfig, string> => {
  const configs: Readonly<Record<string, unknown>> = securityPlugin.configs ?? {}
  return name !== "recommended-legacy" || !Object.hasOwn(configs, name)
    ? Either.left(`eslint-plugin-security has no eslintrc config "${name}"`)
    : decoded(configs[name], { _tag: "Module", file: `plugin:security/${name}`, packageRoot: "eslint-plugin-security" })
}

const ownEslintConfigs: Readonly<Record<string, { readonly rules: unknown }>> = {
  "eslint:recommended": eslintJs.configs.recommended,
  "eslint:all": eslintJs.configs.all
}

/**
 * The config an `extends` entry names, or why it is not followed. `from` is the shipped config
 * that holds the entry; undefined for a repository's own config file.
 */
export const loadExtended = (name: string, from: Origin | undefined): Either.Either<SharedConfig, string> => {
  const own = ownEslintConfigs[name]
  if (own !== undefined) return decoded({ rules: own.rules }, { _tag: "Module", file: name, packageRoot: name })
  if (from?._tag === "TypeScriptPlugin" && name.startsWith("./configs/")) return typeScriptConfig(name.slice(name.lastIndexOf("/") + 1))
  if (from?._tag === "Module" && (isAbsolute(name) || name.startsWith("."))) return withinPackage(name, from)
  if (name.startsWith("plugin:")) {
    const [plugin, config] = [name.slice("plugin:".length, name.lastIndexOf("/")), name.slice(name.lastIndexOf("/") + 1)]
    const scope = shippedPluginScope(plugin)
    return scope === typeScriptScope
      ? typeScriptConfig(config)
      : scope === "security"
      ? securityConfig(config)
      : Either.left(`the plugin "${plugin}" is not shipped with Tidemark`)
  }
  if (isAbsolute(name) || name.startsWith(".")) return Either.left("a config file of the repository is not followed (only shipped shareable configs are)")
  const request = shareableModuleName(name)
  return shippedModules.has(request) ? loadPackage(request) : Either.left(`the shareable config "${request}" is not shipped with Tidemark`)
}

const withinPackage = (name: string, from: Extract<Origin, { _tag: "Module" }>): Either.Either<SharedConfig, string> =>
  Either.try({
    try: () => createRequire(from.file).resolve(name),
    catch: (error) => `it could not be resolved: ${error instanceof Error ? error.message : String(error)}`
  }).pipe(
    Either.filterOrLeft((file) => file.startsWith(`${from.packageRoot}${sep}`), () => `it lies outside ${from.packageRoot}`),
    Either.flatMap((file) => loadModule(file, from.packageRoot))
  )
