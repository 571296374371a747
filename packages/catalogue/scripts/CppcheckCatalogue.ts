import { type Pattern, ToolDefinitions } from "@tidemark/core"
import { Schema } from "effect"
import { cppcheckSeverityLevels } from "../src/ToolHeads.js"
import { json, type ToolSource } from "./CatalogueFiles.js"
import type { CppcheckCheck, CppcheckErrorList, CppcheckSeverity } from "./CppcheckErrorList.js"
import { unlistedChecks } from "./CppcheckUnlisted.js"
// Cppcheck publishes no estimate either: its patterns take the same default as ESLint's.
import { defaultTimeToFix } from "./EslintCatalogue.js"

/**
 * The Cppcheck tool of the catalogue, generated from Cppcheck's own listing of its checks
 * (`cppcheck --errorlist`, CppcheckErrorList.ts) at the release Tidemark runs, with the checks
 * it reports and does not list (CppcheckUnlisted.ts). A pattern's title is Cppcheck's short
 * message (its names are the listing's placeholders), its description the long one.
 */

type ToolEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.ToolDefinition>
type PatternEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.CataloguePattern>

/** Debian 12's package, which `scripts/install-analysers.sh` installs: the release the patterns are read from. */
export const cppcheckRelease = "2.10"

export const cppcheckTool: Omit<ToolEncoded, "patterns"> = {
  // The original service's uuid for its Cppcheck tool was not found in any public source: this
  // one is Tidemark's own, fixed here so that configurations carry over between installations.
  uuid: "76ad0ea2-3122-461b-afac-b0e54bace3ed",
  name: "Cppcheck",
  patternPrefix: "Cppcheck_",
  family: "cppcheck",
  isClientSide: false,
  // The service's names (a repository's languages read from its file names: `.c` and `.h` are C,
  // `.cpp`, `.cc`, `.cxx` and `.hpp` are CPP); the measures call them C, C++ and C/C++ Header.
  languages: ["C", "CPP"],
  enabledByDefault: true,
  // Cppcheck reads no configuration file of its own; a suppressions list is honoured as the
  // code's own `// cppcheck-suppress` comments are, whatever the patterns (docs/analysis-tools.md).
  configurationFiles: [],
  readableConfigurationFiles: []
}

export const cppcheckPatternId = (id: string): string => `${cppcheckTool.patternPrefix}${id}`

/** Cppcheck's severity as the catalogue's (ToolHeads: the analysis maps each finding's the same way). */
export const severityOf: Readonly<Record<CppcheckSeverity, Pattern.SeverityLevel>> = cppcheckSeverityLevels

/**
 * The CWEs of memory-safety faults an attacker can use: reads and writes out of a buffer's bounds,
 * a buffer sized wrongly, memory freed twice, used after it is freed, or freed though it was
 * never allocated. They are Security; every other CWE Cppcheck names (most of its checks name
 * one: 398, "poor code quality", for a third of them) keeps the category of its severity.
 */
export const memorySafetyCwes: ReadonlySet<number> = new Set([119, 131, 415, 416, 590, 786, 787, 788])

/** Dead code and values never used (CWE 561, 563) are UnusedCode whatever their severity. */
const unusedCwes: ReadonlySet<number> = new Set([561, 563])

export const cppcheckCategory = (check: CppcheckCheck): Pattern.Category => {
  if (check.cwe !== undefined && memorySafetyCwes.has(check.cwe)) return "Security"
  if (check.cwe !== undefined && unusedCwes.has(check.cwe)) return "UnusedCode"
  switch (check.severity) {
    case "error":
    case "warning":
      return "ErrorProne"
    case "portability":
      return "Compatibility"
    case "performance":
      return "Performance"
    case "style":
    case "information":
      return "CodeStyle"
  }
}

/** The severities Cppcheck itself reports without `--enable`: its default set. */
const cppcheckDefault: ReadonlySet<CppcheckSeverity> = new Set(["error"])

/**
 * Checks of the severities on by default here (error, warning, portability, performance) that are
 * off by default, each with why: its finding is about what Cppcheck could see, not about the code,
 * it is wrong more often than right on healthy code (measured on jq, hiredis, cJSON, zlib, lz4,
 * tinyxml2: docs/real-repositories.md), or it is advice rather than a fault. Style and information
 * checks are all off by default (they are off in Cppcheck too). A repository can enable any of them.
 */
export const cppcheckOffByDefault: ReadonlyMap<string, string> = new Map([
  ["preprocessorErrorDirective", "an `#error` of the configuration Cppcheck checks (without the build's defines): the build's choice, not a fault"],
  [
    "nullPointerRedundantCheck",
    "\"either the condition is redundant or …\": a function's defensive check of its argument, or a test's assertion Cppcheck does not know stops the test (Unity's TEST_ASSERT_NOT_NULL), read as a possible null pointer; all 52 read on cJSON, zlib and tinyxml2 were such"
  ],
  ["assignmentInAssert", "a side effect in `assert` vanishes with NDEBUG, a build Cppcheck does not check: hiredis's tests keep their asserts under NDEBUG with a macro of their own (all 9)"],
  ["assertWithSideEffect", "as assignmentInAssert"],
  ["returnDanglingLifetime", "Cppcheck 2.10's lifetime analysis takes a value an object keeps, or a function returns, for a pointer into a local variable (all 3 read on zlib and hiredis)"],
  ["invalidLifetime", "as returnDanglingLifetime"],
  ["danglingLifetime", "as returnDanglingLifetime"],
  ["danglingTemporaryLifetime", "as returnDanglingLifetime"],
  [
    "identicalInnerCondition",
    "Cppcheck checks one configuration of the preprocessor: conditions that differ under another (`#ifdef HAVE_BZIP2` in zlib's zip.c) look identical"
  ],
  ["identicalConditionAfterEarlyExit", "as identicalInnerCondition"],
  ["allocaCalled", "`alloca` is obsolete, not wrong: advice"],
  ["postfixOperator", "`i++` for `++i` on an iterator: a compiler makes the same code of both"],
  ["functionStatic", "a member function that could be static: a design choice"]
])

const tags = (check: CppcheckCheck, listed: boolean): ReadonlyArray<string> => [
  check.severity,
  ...(check.cwe === undefined ? [] : [`CWE-${check.cwe}`]),
  ...(listed ? [] : ["unlisted"])
]

const explanationOf = (check: CppcheckCheck): string =>
  check.cwe === undefined
    ? "Cppcheck's check of this id (cppcheck --errorlist lists its checks)."
    : `CWE-${check.cwe}: https://cwe.mitre.org/data/definitions/${check.cwe}.html`

/**
 * Cppcheck reports a finding of an error check at warning severity when the value it needs is only
 * possible on some path (`Possible null pointer dereference: item`, an uninitialised variable the
 * caller may have set): on healthy code those were wrong 5 times of 5 read (cJSON, zlib), where the
 * certain ones were right. They count only when a repository sets this parameter of the pattern.
 */
export const possibleParameter = {
  name: "possible",
  description: "Also count what Cppcheck can only say is possible on some path (reported as a warning): true or false",
  default: "false"
}

/** Whether the pattern is on by default here. */
export const onByDefault = (check: CppcheckCheck): boolean =>
  check.severity !== "style" && check.severity !== "information" && !cppcheckOffByDefault.has(check.id)

export const toCppcheckPattern = (check: CppcheckCheck, listed: boolean): PatternEncoded => {
  const severity = severityOf[check.severity]
  const category = cppcheckCategory(check)
  return {
    definition: {
      id: cppcheckPatternId(check.id),
      title: check.message,
      category,
      ...(category === "Security" ? { subCategory: "MemoryCorruption" } : {}),
      level: severity,
      severityLevel: severity,
      description: check.verbose,
      explanation: explanationOf(check),
      enabled: onByDefault(check),
      languages: [...cppcheckTool.languages],
      timeToFix: defaultTimeToFix,
      parameters: check.severity === "error" ? [possibleParameter] : [],
      tags: tags(check, listed)
    },
    recommended: cppcheckDefault.has(check.severity)
  }
}

/** The error list is of another release than the one Tidemark runs. */
export class CppcheckReleaseMismatch extends Schema.TaggedError<CppcheckReleaseMismatch>()("CppcheckReleaseMismatch", {
  listed: Schema.String,
  expected: Schema.String
}) {}

/** The listed checks and the unlisted ones, each once (an unlisted id a later listing names is the listing's), in id order. */
export const toCppcheckTool = (errorList: CppcheckErrorList): ToolEncoded => {
  if (errorList.version !== cppcheckRelease) throw new CppcheckReleaseMismatch({ listed: errorList.version, expected: cppcheckRelease })
  const listed = new Set(errorList.checks.map((check) => check.id))
  const patterns = [
    ...errorList.checks.map((check) => toCppcheckPattern(check, true)),
    ...unlistedChecks.filter((check) => !listed.has(check.id)).map((check) => toCppcheckPattern(check, false))
  ].sort((a, b) => (a.definition.id < b.definition.id ? -1 : a.definition.id > b.definition.id ? 1 : 0))
  const tool = { ...cppcheckTool, patterns }
  // Never write a file the catalogue would then refuse to load.
  Schema.decodeUnknownSync(ToolDefinitions.ToolDefinition)(tool)
  return tool
}

export const cppcheckSource: ToolSource = { tool: cppcheckTool.name, packages: { cppcheck: cppcheckRelease } }

export const cppcheckFile = (tool: ToolEncoded): readonly [string, string] => ["src/data/cppcheck.json", json(tool)]
