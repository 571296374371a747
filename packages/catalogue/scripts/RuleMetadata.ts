import { createRequire } from "node:module"
import { Schema } from "effect"

/**
 * The part of an ESLint rule module the catalogue reads. Rule modules are decoded with these
 * schemas rather than typed from the linters' own declarations: ESLint 8 ships no types, and a
 * rule whose metadata changes shape should stop the generator with a decode error, not slip
 * through as `undefined`.
 */
export const RuleDocs = Schema.Struct({
  description: Schema.optional(Schema.String),
  url: Schema.optional(Schema.String),
  /** `true`/`false` in core rules; typescript-eslint uses config names or an object, see `isRecommended`. */
  recommended: Schema.optional(Schema.Unknown),
  requiresTypeChecking: Schema.optional(Schema.Boolean)
})

export const RuleType = Schema.Literal("problem", "suggestion", "layout")
export type RuleType = typeof RuleType.Type

export const RuleMeta = Schema.Struct({
  type: RuleType,
  docs: Schema.optional(RuleDocs),
  /** `true` in older rules, an object describing the replacement in newer ones. */
  deprecated: Schema.optional(Schema.Unknown),
  /** JSON schema of the rule's options: an array (one schema per option) or a single schema. */
  schema: Schema.optional(Schema.Unknown),
  defaultOptions: Schema.optional(Schema.Array(Schema.Unknown))
})

export const RuleModule = Schema.Struct({
  meta: RuleMeta,
  /** typescript-eslint keeps defaults on the rule itself rather than in `meta`. */
  defaultOptions: Schema.optional(Schema.Array(Schema.Unknown))
})
export type RuleModule = typeof RuleModule.Type

/** A rule as the generator sees it: its id inside the tool and where it comes from. */
export interface Rule {
  /** The tool's own rule id, e.g. `no-unused-vars` or `@typescript-eslint/no-shadow`. */
  readonly ruleId: string
  /** The rule's name without a plugin scope, used by the classification tables. */
  readonly name: string
  readonly origin: "core" | "typescript-eslint" | "security"
  readonly module: RuleModule
}

/** The rules of one tool and the package versions they were read from. */
export interface RuleSet {
  readonly rules: ReadonlyArray<Rule>
  readonly packages: Readonly<Record<string, string>>
}

const BuiltinRules = Schema.Struct({
  builtinRules: Schema.ReadonlyMapFromSelf({ key: Schema.String, value: RuleModule })
})
const PluginRules = Schema.Struct({
  rules: Schema.Record({ key: Schema.String, value: RuleModule })
})
const PackageJson = Schema.Struct({ name: Schema.String, version: Schema.String })

const require = createRequire(import.meta.url)

const load = <A, I>(schema: Schema.Schema<A, I>, specifier: string): A => {
  const loaded: unknown = require(specifier)
  return Schema.decodeUnknownSync(schema)(loaded)
}

const coreRules = (specifier: string): ReadonlyArray<Rule> =>
  Array.from(load(BuiltinRules, `${specifier}/use-at-your-own-risk`).builtinRules, ([name, module]) => ({
    ruleId: name,
    name,
    origin: "core" as const,
    module
  }))

const typescriptEslintRules = (): ReadonlyArray<Rule> =>
  Object.entries(load(PluginRules, "@typescript-eslint/eslint-plugin").rules).map(([name, module]) => ({
    ruleId: `@typescript-eslint/${name}`,
    name,
    origin: "typescript-eslint" as const,
    module
  }))

const securityPluginRules = (): ReadonlyArray<Rule> =>
  Object.entries(load(PluginRules, "eslint-plugin-security").rules).map(([name, module]) => ({
    ruleId: `security/${name}`,
    name,
    origin: "security" as const,
    module
  }))

const packageVersion = (specifier: string): readonly [string, string] => {
  const { name, version } = load(PackageJson, `${specifier}/package.json`)
  return [name, version]
}

/** ESLint 9 core rules plus the typescript-eslint and security plugins, as installed in this package. */
export const installedEslint9 = (): RuleSet => ({
  rules: [...coreRules("eslint"), ...typescriptEslintRules(), ...securityPluginRules()],
  packages: Object.fromEntries([
    packageVersion("eslint"),
    packageVersion("@typescript-eslint/eslint-plugin"),
    packageVersion("eslint-plugin-security")
  ])
})

/** ESLint 8 core rules, installed under the alias `eslint8`. */
export const installedEslint8 = (): RuleSet => ({
  rules: coreRules("eslint8"),
  packages: Object.fromEntries([packageVersion("eslint8")])
})
