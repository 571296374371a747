import { Either, Schema } from "effect"
import type { Linter } from "eslint"
import { shippedRule } from "../ShippedPlugins.js"

/**
 * A rule entry of an ESLint 8 config as ESLint 9 runs it: its level normalised, and left out when
 * ESLint 9, typescript-eslint and eslint-plugin-security (the rule sources Tidemark ships) cannot run it. A rule turned
 * off that does not exist here is simply dropped: leaving it out changes nothing.
 */

/** Why an enabled rule is left out. */
export type LeftOutReason =
  | { readonly _tag: "Plugin"; readonly plugin: string }
  | { readonly _tag: "NotInEslint9" }
  | { readonly _tag: "RequiresTypeInformation" }
  | { readonly _tag: "InvalidEntry"; readonly detail: string }

export interface LeftOutRule {
  readonly ruleId: string
  readonly reason: LeftOutReason
}

export { pluginOfRule } from "../ShippedPlugins.js"

const TypeInformation = Schema.Struct({
  meta: Schema.Struct({ docs: Schema.optional(Schema.Struct({ requiresTypeChecking: Schema.optional(Schema.Boolean) })) })
})

const availability = (ruleId: string): Either.Either<void, LeftOutReason> => {
  const found = shippedRule(ruleId)
  if (found._tag === "NotShipped") return Either.left({ _tag: "Plugin", plugin: found.plugin })
  if (found._tag === "Unknown") return Either.left({ _tag: "NotInEslint9" })
  // Type information needs the project's TypeScript program: such rules are not run here (as in PatternLinter).
  const typed = Schema.decodeUnknownEither(TypeInformation)(found.module).pipe(
    Either.map(({ meta }) => meta.docs?.requiresTypeChecking === true),
    Either.getOrElse(() => false)
  )
  return typed ? Either.left({ _tag: "RequiresTypeInformation" }) : Either.void
}

const severities: Readonly<Record<string, Linter.RuleSeverity>> = { "0": "off", "1": "warn", "2": "error", off: "off", warn: "warn", error: "error" }

/** ESLint 8's levels: 0/1/2 and off/warn/error (any case); undefined for anything else. */
export const severityOf = (level: unknown): Linter.RuleSeverity | undefined =>
  typeof level === "number" || typeof level === "string" ? severities[String(level).toLowerCase()] : undefined

/**
 * The options whose default ESLint 9 (or typescript-eslint 8) changed, with their ESLint 8 value: a
 * config written for ESLint 8 that does not state them meant these. `no-unused-vars` ignored caught
 * errors, `no-constant-condition` checked `while (true)`, `no-inner-declarations` reported
 * functions in blocks of ES2015 code too, `no-useless-computed-key` left class members alone.
 */
const eslint8Options: Readonly<Record<string, ReadonlyArray<unknown>>> = {
  "no-unused-vars": [{ caughtErrors: "none" }],
  "@typescript-eslint/no-unused-vars": [{ caughtErrors: "none" }],
  "no-constant-condition": [{ checkLoops: "all" }],
  "no-inner-declarations": ["functions", { blockScopedFunctions: "disallow" }],
  "no-useless-computed-key": [{ enforceForClassMembers: false }]
}

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

// `no-unused-vars: [error, local]` is the short form of `{vars: local}`.
const expanded = (ruleId: string, options: ReadonlyArray<unknown>): ReadonlyArray<unknown> =>
  ruleId.endsWith("no-unused-vars") && typeof options[0] === "string" ? [{ vars: options[0] }, ...options.slice(1)] : options

/** The stated options over the ESLint 8 defaults, position by position (objects merged). */
const withEslint8Defaults = (ruleId: string, stated: ReadonlyArray<unknown>): ReadonlyArray<unknown> => {
  const defaults = eslint8Options[ruleId]
  if (defaults === undefined || stated.length === 0) return stated
  const options = expanded(ruleId, stated)
  return Array.from({ length: Math.max(options.length, defaults.length) }, (_, index) => {
    const [own, fallback] = [options[index], defaults[index]]
    if (index >= options.length) return fallback
    return isObject(own) && isObject(fallback) ? { ...fallback, ...own } : own
  })
}

/**
 * The ESLint 8 defaults as a first config object's rules, turned off: a level-only entry keeps the
 * options of an earlier config object (in both systems), so `no-unused-vars: error` gets them.
 */
export const eslint8Defaults: Linter.RulesRecord = Object.fromEntries(
  Object.entries(eslint8Options).map(([ruleId, options]) => [ruleId, ["off", ...options]])
)

/**
 * One entry of a legacy `rules` object: the flat config's entry, or why it is left out; undefined
 * when there is nothing to do (a rule turned off that does not exist here).
 */
export const translateRule = (ruleId: string, entry: unknown): Either.Either<Linter.RuleEntry, LeftOutRule> | undefined => {
  const [level, ...options] = Array.isArray(entry) ? entry : [entry]
  const severity = severityOf(level)
  if (severity === undefined) {
    return Either.left({ ruleId, reason: { _tag: "InvalidEntry", detail: `level ${JSON.stringify(level)} is none of 0, 1, 2, off, warn, error` } })
  }
  const available = availability(ruleId)
  if (Either.isLeft(available)) return severity === "off" ? undefined : Either.left({ ruleId, reason: available.left })
  return Either.right(options.length === 0 ? severity : [severity, ...withEslint8Defaults(ruleId, options)])
}
