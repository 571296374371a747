import { Schema } from "effect"
import { createRequire } from "node:module"
import type { Config, CustomSyntax, PublicApi } from "stylelint"
import type { MessageFields } from "../LintedFile.js"

/**
 * Stylelint's Node API on one text: the text, a config object holding data only (no `extends`,
 * `plugins` or parser names, so that Stylelint imports nothing) and the file's parser. Stylelint
 * is given no file name and no configuration file, so it reads nothing of the repository: what it
 * decides by path (`ignoreFiles`, `overrides`, the closest configuration) is decided by Tidemark.
 */

const require = createRequire(import.meta.url)

// Loaded at the first stylesheet: a third of a second of every analysis thread's start, and most
// repositories have no stylesheet.
let loaded: PublicApi | undefined
const stylelint = (): PublicApi => (loaded ??= require("stylelint") as PublicApi)

/** The installed Stylelint's version (the cache keys and the problems name it). */
export const stylelintVersion: string = Schema.decodeUnknownSync(Schema.Struct({ version: Schema.String }))(require("stylelint/package.json")).version

let ruleNames: ReadonlySet<string> | undefined

/** The rules of the installed Stylelint. */
export const stylelintRuleNames = (): ReadonlySet<string> => (ruleNames ??= new Set(Object.keys(stylelint().rules)))

// Stylelint reads `.stylelintignore` from its working directory whatever it lints: an empty file
// in its place keeps the process's own directory out of the run (Tidemark applies the
// repository's `.stylelintignore` itself).
const ignorePath = "/dev/null"

const run = (code: string, config: Config, customSyntax: CustomSyntax | undefined) =>
  stylelint().lint({ code, config, ignorePath, ...(customSyntax === undefined ? {} : { customSyntax }) }).then((linted) => {
    const [result] = linted.results
    if (result === undefined) throw new Error("Stylelint gave no result for the text")
    return result
  })

// Stylelint ends each message with its rule (`Unexpected empty block (block-no-empty)`): the pattern says it.
const withoutRule = (text: string, rule: string) => (text.endsWith(` (${rule})`) ? text.slice(0, -rule.length - 3) : text)

/** One text's warnings as messages, by position; a text PostCSS cannot parse gives one fatal message. */
export const lintStylesheet = async (code: string, config: Config, customSyntax: CustomSyntax | undefined): Promise<ReadonlyArray<MessageFields>> => {
  const result = await run(code, config, customSyntax)
  return [...result.warnings]
    .sort((a, b) => a.line - b.line || a.column - b.column)
    .map((warning) =>
      warning.rule === "CssSyntaxError"
        ? { ruleId: null, line: warning.line, message: `Syntax error: ${withoutRule(warning.text, warning.rule)}`, fatal: true }
        : { ruleId: warning.rule, line: warning.line, message: withoutRule(warning.text, warning.rule) }
    )
}

/** A rule whose setting Stylelint rejects (it then does not run), in Stylelint's words. */
export interface RejectedRule {
  readonly rule: string
  readonly reason: string
}

/**
 * The rules of a config whose settings Stylelint rejects (`Invalid option value "shrt" for rule
 * "color-hex-length"`): Stylelint checks them as it runs them, whatever the text, so an empty one
 * tells.
 */
export const rejectedRules = async (config: Config, customSyntax: CustomSyntax | undefined): Promise<ReadonlyArray<RejectedRule>> => {
  const result = await run("", config, customSyntax)
  return result.invalidOptionWarnings.flatMap(({ text }) => {
    const rule = /rule "([^"]+)"/.exec(text)?.[1]
    return rule === undefined ? [] : [{ rule, reason: text }]
  })
}
