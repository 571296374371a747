import { type Pattern, ToolDefinitions } from "@tidemark/core"
import { Schema } from "effect"
import { json, type ToolSource } from "./CatalogueFiles.js"
// ShellCheck publishes no estimate either: its patterns take the same default as ESLint's.
import { defaultTimeToFix } from "./EslintCatalogue.js"
import type { ShellCheckCheck, ShellCheckLevel } from "./ShellCheckChecks.js"

/**
 * The ShellCheck tool of the catalogue, generated from ShellCheck's own Haskell sources
 * (`koalaman/shellcheck`, ShellCheckChecks.ts) at the release Tidemark runs. Of the two sources
 * at hand, the original service's wrapper (`codacy/codacy-shellcheck`: `docs/patterns.json` and
 * the wiki pages copied under `docs/description/`) is for ShellCheck 0.10.0, and its levels come
 * from a `grep` of each code over the whole repository (`*"err"*` anywhere in the lines found makes
 * an Error: 197 of its 491 codes are CodeStyle Errors); ShellCheck's sources give the codes, the
 * level each is emitted at and the message it prints, for exactly the version that runs here —
 * what an issue's severity must agree with. The wiki's prose is not in them: a pattern's title
 * is ShellCheck's message, its computed parts as `…`, and its explanation links the wiki page.
 */

type ToolEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.ToolDefinition>
type PatternEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.CataloguePattern>

/** Debian 12's package, which `scripts/install-analysers.sh` installs: the release the patterns are read from. */
export const shellCheckRelease = "0.9.0"

export const shellCheckTool: Omit<ToolEncoded, "patterns"> = {
  // The original service's ShellCheck (its engine switch `project-engine-233f8aac-…`, and its own
  // `@codacy/tools-shellcheck-0` adapter's "Codacy UUID").
  uuid: "233f8aac-4fb6-4193-8a17-e64515bea152",
  name: "ShellCheck",
  patternPrefix: "ShellCheck_",
  family: "shellcheck",
  isClientSide: false,
  // The service's name of the language (the measures call it "Bourne Shell"), as a repository's languages read from its file names.
  languages: ["Shell"],
  enabledByDefault: true,
  configurationFiles: [".shellcheckrc"],
  // ShellCheck's own key=value format, read as data.
  readableConfigurationFiles: [".shellcheckrc"]
}

export const shellCheckPatternId = (code: string): string => `${shellCheckTool.patternPrefix}SC${code}`

/**
 * ShellCheck's optional checks (`shellcheck --list-optional`), off in ShellCheck unless enabled
 * by name, with the codes each adds. Not in the sources as data (a check function may emit a code
 * through helpers it shares with default checks): each row was read from the check's function
 * and confirmed by running its listed example with and without `--enable` (ShellCheckCatalogue
 * test); the generator refuses a source whose optional checks are not exactly these names.
 * `check-unassigned-uppercase` adds no code: it widens SC2154 to upper-case names.
 */
export const optionalCheckCodes: Readonly<Record<string, ReadonlyArray<string>>> = {
  "add-default-case": ["2249"],
  "avoid-nullary-conditions": ["2244"],
  "check-extra-masked-returns": ["2312"],
  "check-set-e-suppressed": ["2310", "2311"],
  "check-unassigned-uppercase": [],
  "deprecate-which": ["2230"],
  "quote-safe-variables": ["2248"],
  "require-double-brackets": ["2292"],
  "require-variable-braces": ["2250"]
}

const optionalCheckOf = (code: string): string | undefined =>
  Object.entries(optionalCheckCodes).find(([, codes]) => codes.includes(code))?.[0]

/**
 * Checks of ShellCheck's default set that are off by default here, each because its finding is
 * not about the script or following its advice breaks working scripts (measured on nvm and pyenv,
 * docs/real-repositories.md). A repository can enable
 * them, and its own `.shellcheckrc` decides for itself.
 * - SC1091 says ShellCheck did not read a sourced file it was not given (`see shellcheck -x`),
 *   SC1090 that it cannot follow a `source` of a computed path (`. "$DIR/lib.sh"`): what the tool
 *   could read, not a fault of the script; Tidemark never lets ShellCheck read outside the checkout.
 * - SC2317 calls a command unreachable when no call of its function is in sight: a function a
 *   trap runs, a name built at run time, a test's stand-in for a function of the script it
 *   sources (225 of nvm's findings, all such): removing it breaks the script.
 * - SC2016 asks for double quotes around `$` and backticks in single quotes: single quotes are
 *   how a script writes them literally (a message naming `nvm use` in backticks, an awk program, a
 *   script written to a file; all 40 of nvm's): double quotes would run them. SC2088 likewise
 *   asks for `$HOME` in place of a quoted `~`, which is how a script names a path for a person to
 *   read (`profile='~/.bash_profile'` in pyenv's instructions, all 12 of pyenv's): `$HOME` would
 *   print the path of the machine that ran it.
 * - SC2046 asks to quote a command substitution: an unquoted `$(…)` is how a script splits a
 *   command's output into arguments on purpose (`echo $(cmd)` to squash its spaces, nvm's tests;
 *   `$(if …; then echo -e …; fi)`, which must vanish when empty, pyenv's): 10 of its 20 findings
 *   there, and quoting them breaks the script; the original service's ShellCheck leaves it out of
 *   its defaults too. SC2086, the same advice for a variable, stays on.
 * - SC3043 says `local` is undefined in POSIX sh: every sh a Linux system runs as /bin/sh has it
 *   (dash, bash, busybox ash; Debian's policy allows it in sh scripts), and dropping it makes a
 *   function's variables global.
 */
export const shellCheckOffByDefault: ReadonlySet<string> = new Set(["1090", "1091", "2016", "2046", "2088", "2317", "3043"])

/** ShellCheck's level as the catalogue's severity: style is advice, as info is. */
export const severityOfLevel: Readonly<Record<ShellCheckLevel, Pattern.SeverityLevel>> = {
  error: "Error",
  warning: "Warning",
  info: "Info",
  style: "Info"
}

/**
 * The original service's Security patterns of ShellCheck (its `doc-generator/categories.json`),
 * with their sub-categories: running a command's output or a file name as code, and a default
 * assignment that globs.
 */
const security: Readonly<Record<string, string>> = {
  "2091": "CommandInjection",
  "2092": "CommandInjection",
  "2156": "CommandInjection",
  "2223": "DoS"
}

/** Codes whose finding is code that does nothing, or work done twice. */
const categoryByCode: Readonly<Record<string, Pattern.Category>> = {
  // A variable assigned and never read; a command that can never run.
  "2034": "UnusedCode",
  "2317": "UnusedCode",
  // A `cat` piped where the file could be read directly; `grep | wc -l` for `grep -c`.
  "2002": "Performance",
  "2126": "Performance"
}

/**
 * The range a code is in tells its kind: SC1xxx are the parser's (the script does not parse as
 * written), SC3xxx what one shell supports and another does not; SC2xxx by level — an error or
 * a warning is a script that misbehaves, info a better practice, style the way it is written.
 */
export const shellCheckCategory = (code: string, level: ShellCheckLevel): Pattern.Category => {
  if (security[code] !== undefined) return "Security"
  const named = categoryByCode[code]
  if (named !== undefined) return named
  if (code.startsWith("3")) return "Compatibility"
  if (level === "error" || level === "warning") return "ErrorProne"
  return code.startsWith("1") || level === "style" ? "CodeStyle" : "BestPractice"
}

const tags = (check: ShellCheckCheck, optional: string | undefined, recommended: boolean): ReadonlyArray<string> => [
  ...check.levels,
  ...(optional === undefined ? [] : [`optional:${optional}`]),
  ...(recommended ? ["recommended"] : [])
]

export const toShellCheckPattern = (check: ShellCheckCheck): PatternEncoded => {
  // The most severe of its levels: `ls` in a for loop is an error, or a warning with options.
  const level = check.levels[0] ?? "error"
  const severity = severityOfLevel[level]
  const category = shellCheckCategory(check.code, level)
  const optional = optionalCheckOf(check.code)
  // ShellCheck's default: every check at severity style and above, the optional ones not.
  const recommended = optional === undefined
  const subCategory = security[check.code]
  return {
    definition: {
      id: shellCheckPatternId(check.code),
      title: check.message ?? `SC${check.code}`,
      category,
      ...(subCategory === undefined ? {} : { subCategory }),
      level: severity,
      severityLevel: severity,
      description: check.message ?? `ShellCheck's SC${check.code}: its message is computed where it is reported.`,
      explanation: `See https://www.shellcheck.net/wiki/SC${check.code}`,
      enabled: recommended && !shellCheckOffByDefault.has(check.code),
      languages: [...shellCheckTool.languages],
      timeToFix: defaultTimeToFix,
      parameters: [],
      tags: tags(check, optional, recommended)
    },
    recommended
  }
}

/** The optional checks of a source differ from `optionalCheckCodes`: the table has to be read again. */
export class ShellCheckOptionalChecksChanged extends Schema.TaggedError<ShellCheckOptionalChecksChanged>()("ShellCheckOptionalChecksChanged", {
  inSource: Schema.Array(Schema.String),
  inTable: Schema.Array(Schema.String)
}) {}

export const toShellCheckTool = (checks: ReadonlyArray<ShellCheckCheck>, optionalChecks: ReadonlyArray<string>): ToolEncoded => {
  const inTable = Object.keys(optionalCheckCodes).sort()
  const known = new Set(checks.map((check) => check.code))
  const tableCodes = Object.values(optionalCheckCodes).flat()
  if (inTable.join() !== [...optionalChecks].sort().join() || tableCodes.some((code) => !known.has(code))) {
    throw new ShellCheckOptionalChecksChanged({ inSource: [...optionalChecks].sort(), inTable })
  }
  const tool = { ...shellCheckTool, patterns: checks.map(toShellCheckPattern) }
  // Never write a file the catalogue would then refuse to load.
  Schema.decodeUnknownSync(ToolDefinitions.ToolDefinition)(tool)
  return tool
}

export const shellCheckSource: ToolSource = { tool: shellCheckTool.name, packages: { shellcheck: shellCheckRelease } }

export const shellCheckFile = (tool: ToolEncoded): readonly [string, string] => ["src/data/shellcheck.json", json(tool)]
