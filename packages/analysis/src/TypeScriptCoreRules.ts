import tsPlugin from "@typescript-eslint/eslint-plugin"
import { Either, Schema } from "effect"

/**
 * ESLint's core rules that are not run on TypeScript files, as typescript-eslint advises, read
 * from its plugin so that they follow its version:
 * - those its `eslint-recommended` config turns off there: TypeScript's compiler checks them, and
 *   knows the project's declarations (`no-undef` would flag every ambient global and type);
 * - those one of its rules extends (`no-unused-vars`, `no-redeclare`, `no-shadow`...): the base
 *   rule misreads TypeScript's syntax, e.g. the parameters of a function type are "unused", a
 *   type and a value of the same name are "redeclared". The typescript-eslint pattern of the same
 *   name covers TypeScript files instead.
 */

const EslintRecommended = Schema.Struct({
  overrides: Schema.Array(Schema.Struct({ rules: Schema.Record({ key: Schema.String, value: Schema.Unknown }) }))
})

const ExtendingRule = Schema.Struct({
  meta: Schema.Struct({
    docs: Schema.optional(Schema.Struct({ extendsBaseRule: Schema.optional(Schema.Union(Schema.Boolean, Schema.String)) }))
  })
})

const turnedOff = (): ReadonlyArray<string> =>
  Schema.decodeUnknownEither(EslintRecommended)(tsPlugin.configs["eslint-recommended"]).pipe(
    Either.map(({ overrides }) =>
      overrides.flatMap(({ rules }) => Object.entries(rules).flatMap(([ruleId, entry]) => (entry === "off" ? [ruleId] : [])))
    ),
    // A plugin whose config no longer has this shape leaves those rules running: more issues,
    // visible in the results, rather than a failed analysis.
    Either.getOrElse(() => [])
  )

const extended = (): ReadonlyArray<string> =>
  Object.entries<unknown>(tsPlugin.rules).flatMap(([name, module]) =>
    Schema.decodeUnknownEither(ExtendingRule)(module).pipe(
      Either.map(({ meta }) => meta.docs?.extendsBaseRule),
      Either.map((base) => (base === true ? [name] : typeof base === "string" ? [base] : [])),
      Either.getOrElse(() => [])
    )
  )

export const coreRulesLeftToTypeScript: ReadonlySet<string> = new Set([...turnedOff(), ...extended()])
