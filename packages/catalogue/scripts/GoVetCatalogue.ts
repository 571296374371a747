import { type Pattern, ToolDefinitions } from "@tidemark/core"
import { Schema } from "effect"
import { json, type ToolSource } from "./CatalogueFiles.js"
import { defaultTimeToFix } from "./EslintCatalogue.js"
import { type Listing, vetAnalyzersOf } from "./GoListings.js"

/**
 * The govet tool of the catalogue: the analyzers of the Go toolchain's `go vet`, generated from
 * its own listing (`go tool vet help` and each analyzer's help, GoListings.ts) at the Go release
 * Tidemark runs. `go vet` runs every analyzer by default; so does Tidemark, less those measured
 * as noise on healthy code (`govetOffByDefault`).
 */

type ToolEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.ToolDefinition>
type PatternEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.CataloguePattern>

/** Debian 12's golang-go: the Go release whose vet the patterns are read from. */
export const goRelease = "1.19"

export const govetTool: Omit<ToolEncoded, "patterns"> = {
  // The original service's uuid for its go vet tool was not found in any public source: this
  // one is Tidemark's own, fixed here so that configurations carry over between installations.
  uuid: "1bd8de9d-9443-414d-b73e-113d513e3e76",
  name: "govet",
  patternPrefix: "govet_",
  family: "govet",
  isClientSide: false,
  languages: ["Go"],
  enabledByDefault: true,
  configurationFiles: [],
  readableConfigurationFiles: []
}

export const govetPatternId = (name: string): string => `${govetTool.patternPrefix}${name}`

/** Advice rather than faults: a Warning. Every other analyzer reports code that does not do what it says: an Error. */
const warnings: ReadonlySet<string> = new Set(["assign", "composites", "unreachable", "unusedresult", "structtag", "buildtag", "tests"])

export const govetLevel = (name: string): Pattern.SeverityLevel => (warnings.has(name) ? "Warning" : "Error")

export const govetCategory = (name: string): Pattern.Category => {
  if (name === "unreachable") return "UnusedCode"
  if (name === "composites") return "Compatibility"
  if (name === "buildtag" || name === "structtag") return "BestPractice"
  return "ErrorProne"
}

/** Analyzers `go vet` runs that are off by default here, each with why (docs/real-repositories.md). */
export const govetOffByDefault: ReadonlyMap<string, string> = new Map([
  // go-cmp's five were its tests' literals of its own small test types ({"hello"}): `go test` leaves
  // composites out of the vet it runs, for the same reason (docs/real-repositories.md).
  ["composites", "unkeyed literals of a module's own small types are a style its tests choose (5 of 5 read on go-cmp; go test leaves it out)"]
])

const descriptionOf = (help: string): string => help.split("\n").slice(1).join("\n").replace(/\n*Analyzer flags:\n\n(?:\s+-.*\n(?:\s{4,}.*\n)*)+/, "\n").trim()

export const toGovetPattern = (name: string, title: string, help: string): PatternEncoded => {
  const level = govetLevel(name)
  return {
    definition: {
      id: govetPatternId(name),
      title,
      category: govetCategory(name),
      level,
      severityLevel: level,
      description: descriptionOf(help) || title,
      explanation: `https://pkg.go.dev/golang.org/x/tools/go/analysis/passes/${name}`,
      enabled: !govetOffByDefault.has(name),
      languages: [...govetTool.languages],
      timeToFix: defaultTimeToFix,
      parameters: [],
      tags: []
    },
    // `go vet` runs them all.
    recommended: true
  }
}

export class GoReleaseMismatch extends Schema.TaggedError<GoReleaseMismatch>()("GoReleaseMismatch", {
  listed: Schema.String,
  expected: Schema.String
}) {}

export const toGovetTool = (listing: Listing): ToolEncoded => {
  const release = /\bgo(\d+\.\d+)/.exec(listing.version)?.[1] ?? listing.version
  if (release !== goRelease) throw new GoReleaseMismatch({ listed: release, expected: goRelease })
  const patterns = vetAnalyzersOf(listing.list).map(([name, title]) => toGovetPattern(name, title, listing.explanations.get(name) ?? ""))
  const tool = { ...govetTool, patterns }
  Schema.decodeUnknownSync(ToolDefinitions.ToolDefinition)(tool)
  return tool
}

export const govetSource: ToolSource = { tool: govetTool.name, packages: { go: goRelease } }

export const govetFile = (tool: ToolEncoded): readonly [string, string] => ["src/data/govet.json", json(tool)]
