import { Schema } from "effect"
import { createRequire } from "node:module"
import type { Issue } from "../LintResult.js"

/**
 * A value calling a function CSS does not have is written for a preprocessor or a PostCSS plugin
 * (rfs's `rfs(2rem)`, Tailwind's `theme(...)`), which turns it into CSS before a browser sees it.
 * Whether such a function is known is `function-no-unknown`'s question, which Stylelint leaves out
 * of its recommended config for that reason; `declaration-property-value-no-unknown` reports the
 * whole value all the same. With the default patterns such a report is left out (the value's other
 * mistakes, `display: flexx`, are still reported); a repository's own configuration decides alone.
 */

// Required, not imported: the bundler drops an import's `with { type: "json" }`, without which Node refuses a JSON module.
const require = createRequire(import.meta.url)

/** The functions CSS and the browsers have, as Stylelint's `function-no-unknown` knows them. */
const knownFunctions: ReadonlySet<string> = new Set(
  Schema.decodeUnknownSync(Schema.Array(Schema.String))(require("css-functions-list/index.json")).map((name) => name.toLowerCase())
)

// Stylelint's message: `Unknown value "rfs(2rem)" for property "margin"`.
const unknownValue = /^Unknown value "(.*)" for property "[^"]*"$/s
const functionCall = /(-?[a-zA-Z_][\w-]*)\(/g

/** The functions a value calls that CSS does not have. */
export const unknownFunctionsOf = (value: string): ReadonlyArray<string> =>
  [...value.matchAll(functionCall)].flatMap((call) => {
    const name = call[1]?.toLowerCase() ?? ""
    return knownFunctions.has(name) ? [] : [name]
  })

export const withoutUnknownFunctionValues = (issues: ReadonlyArray<Issue>, patternPrefix: string): ReadonlyArray<Issue> => {
  const rule = `${patternPrefix}declaration-property-value-no-unknown`
  return issues.filter((issue) => {
    const value = issue.patternId === rule ? unknownValue.exec(issue.message)?.[1] : undefined
    return value === undefined || unknownFunctionsOf(value).length === 0
  })
}
