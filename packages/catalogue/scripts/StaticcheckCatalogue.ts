import { type Pattern, ToolDefinitions } from "@tidemark/core"
import { Schema } from "effect"
import { json, type ToolSource } from "./CatalogueFiles.js"
// Staticcheck publishes no estimate either: its patterns take the same default as ESLint's.
import { defaultTimeToFix } from "./EslintCatalogue.js"
import type { Listing, ListedCheck } from "./GoListings.js"

/**
 * The Staticcheck tool of the catalogue, generated from Staticcheck's own listing of its checks
 * (`staticcheck -list-checks` and each check's `-explain`, GoListings.ts) at the release Tidemark
 * runs. A pattern's title is the listing's line, its description the check's explanation.
 * Staticcheck's command line runs four families: SA (bugs and misuse), S1 (simplifications), ST1
 * (style) and U1000 (unused code); its quick fixes (QF) are only offered by gopls, never reported
 * by the command, so they have no pattern here.
 */

type ToolEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.ToolDefinition>
type PatternEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.CataloguePattern>

/** Debian 12's go-staticcheck, which `scripts/install-analysers.sh` installs: the release the patterns are read from. */
export const staticcheckRelease = "2023.1"

export const staticcheckTool: Omit<ToolEncoded, "patterns"> = {
  // The original service's uuid for its Staticcheck tool was not found in any public source: this
  // one is Tidemark's own, fixed here so that configurations carry over between installations.
  uuid: "14bdae53-7743-4f94-9040-61039fc0a31c",
  name: "Staticcheck",
  patternPrefix: "Staticcheck_",
  family: "staticcheck",
  isClientSide: false,
  languages: ["Go"],
  enabledByDefault: true,
  // The checks run are the enabled patterns (`-checks`); a `staticcheck.conf` choosing others is
  // not read, but the code's own `//lint:ignore` comments are honoured.
  configurationFiles: [],
  readableConfigurationFiles: []
}

export const staticcheckPatternId = (id: string): string => `${staticcheckTool.patternPrefix}${id}`

/** Values computed and never used: UnusedCode, as U1000's unused declarations. */
const unusedChecks: ReadonlySet<string> = new Set(["SA4006", "SA4010", "SA4017", "SA4005", "U1000"])

/**
 * A check's category by its family: SA1 misuse of the standard library, SA2 concurrency, SA3
 * testing, SA4 code that does nothing (a fault, most often), SA5 correctness and SA9 dubious
 * constructs are ErrorProne; SA6 Performance; S1 and ST1 CodeStyle; a deprecated identifier's use
 * (SA1019) Compatibility; values and code never used UnusedCode.
 */
export const staticcheckCategory = (id: string): Pattern.Category => {
  if (unusedChecks.has(id)) return "UnusedCode"
  if (id === "SA1019") return "Compatibility"
  if (id.startsWith("SA6")) return "Performance"
  if (id.startsWith("SA")) return "ErrorProne"
  return "CodeStyle"
}

/**
 * A check's severity: a bug of the library's use, of concurrency, of tests or of correctness
 * (SA1, SA2, SA3, SA5) an Error; code that does nothing, dubious code, performance and unused
 * code a Warning; simplifications and style Info. Staticcheck's own severity is the same
 * ("error") for every finding of the command line.
 */
export const staticcheckLevel = (id: string): Pattern.SeverityLevel => {
  if (id === "SA1019") return "Warning"
  if (/^SA[1235]/.test(id)) return "Error"
  if (id.startsWith("SA") || id === "U1000") return "Warning"
  return "Info"
}

/**
 * Checks Staticcheck runs by default that are off by default here, each with why: measured on
 * twenty healthy repositories, 73 issues read at their lines (docs/real-repositories.md).
 */
export const staticcheckOffByDefault: ReadonlyMap<string, string> = new Map([
  // go-yaml's two, readerc.go:123 and scannerc.go:1301, were both branches that hold only a comment
  // saying why nothing is done there: written so on purpose, and what a reader of the code needs.
  ["SA9003", "an empty branch is most often a comment that says why nothing is done (2 of 2 read on go-yaml)"],
  // Unexported fields that exist to be read by reflection (go-cmp's test structs, mapstructure's and
  // gorilla/schema's decoding tests, the last marked `nolint:unused` for golangci-lint, which
  // Staticcheck does not read): 26 of 27 read; the one true was an unused test helper of glog's.
  ["U1000", "on healthy code, unused fields are most often read by reflection (26 of 27 read on go-cmp, mapstructure, gorilla/schema)"],
  // Which side of `==` the constant is on: goldmark's Unicode tables write `(0x00A1 == r)` among
  // `(0x00A7 <= r && r <= 0x00A8)`, the constant first in every row on purpose (84 of 85 read; the
  // one other a test's Yoda condition in gorilla/mux). Go cannot assign in a condition, so the order
  // guards against nothing: it is a team's style, which the team's own configuration can turn on.
  ["ST1017", "the order of a comparison's operands is a team's style, and Go has no assignment in a condition to guard against (84 of 85 read were tables written constant-first on purpose, goldmark)"]
])

/** Whether Staticcheck's own default set has the check (its explanation says `non-default` otherwise). */
export const staticcheckDefault = (check: ListedCheck): boolean => !/^\s+\S.*\bnon-default\b/m.test(check.explanation)

const descriptionOf = (check: ListedCheck): string =>
  check.explanation.replace(/\n\s*Available since\n[\s\S]*$/, "").split("\n").slice(1).join("\n").trim() || check.title

/** The check's family, as Staticcheck's documentation groups them: `SA4`, `S1`, `ST1`, `U1`. */
const familyOf = (id: string): string => /^(?:SA\d|S1|ST1|U1)/.exec(id)?.[0] ?? id

export const toStaticcheckPattern = (check: ListedCheck): PatternEncoded => {
  const level = staticcheckLevel(check.id)
  const recommended = staticcheckDefault(check)
  return {
    definition: {
      id: staticcheckPatternId(check.id),
      title: check.title,
      category: staticcheckCategory(check.id),
      level,
      severityLevel: level,
      description: descriptionOf(check),
      explanation: `https://staticcheck.dev/docs/checks/#${check.id}`,
      enabled: recommended && !staticcheckOffByDefault.has(check.id),
      languages: [...staticcheckTool.languages],
      timeToFix: defaultTimeToFix,
      parameters: [],
      tags: [familyOf(check.id), ...(recommended ? [] : ["non-default"])]
    },
    recommended
  }
}

/** The listing is of another release than the one Tidemark runs. */
export class StaticcheckReleaseMismatch extends Schema.TaggedError<StaticcheckReleaseMismatch>()("StaticcheckReleaseMismatch", {
  listed: Schema.String,
  expected: Schema.String
}) {}

/** The listed checks, each with its explanation. */
export const staticcheckChecks = (listing: Listing): ReadonlyArray<ListedCheck> =>
  listing.list.split("\n").filter((line) => line.trim() !== "").map((line) => {
    const [id = "", ...title] = line.split(" ")
    return { id, title: title.join(" "), explanation: listing.explanations.get(id) ?? "" }
  })

export const toStaticcheckTool = (listing: Listing): ToolEncoded => {
  const release = /\b(\d{4}\.\d+)(?:\.\d+)?\b/.exec(listing.version)?.[1] ?? listing.version
  if (release !== staticcheckRelease) throw new StaticcheckReleaseMismatch({ listed: release, expected: staticcheckRelease })
  const tool = { ...staticcheckTool, patterns: staticcheckChecks(listing).map(toStaticcheckPattern) }
  // Never write a file the catalogue would then refuse to load.
  Schema.decodeUnknownSync(ToolDefinitions.ToolDefinition)(tool)
  return tool
}

export const staticcheckSource: ToolSource = { tool: staticcheckTool.name, packages: { staticcheck: staticcheckRelease } }

export const staticcheckFile = (tool: ToolEncoded): readonly [string, string] => ["src/data/staticcheck.json", json(tool)]
