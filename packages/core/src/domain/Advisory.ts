import cvss from "ae-cvss-calculator"
import { Schema } from "effect"
import { DependencyEcosystem, distinctPackages, ecosystemOfOsv, type PackageKey } from "./Dependency.js"
import { SrmPriority } from "./SecurityItems.js"
import { compareIn } from "./VersionOrder.js"

/**
 * Vulnerability advisories in the OSV format (https://ossf.github.io/osv-schema/), as OSV's exports,
 * GitHub's advisory database and PyPA's publish them, and what Tidemark keeps of each: the packages
 * and versions it affects, its priority and its identifiers.
 */

const OsvSeverity = Schema.Struct({ type: Schema.String, score: Schema.String })

const OsvEvent = Schema.Struct({
  introduced: Schema.optional(Schema.String),
  fixed: Schema.optional(Schema.String),
  last_affected: Schema.optional(Schema.String),
  limit: Schema.optional(Schema.String)
})

const OsvAffected = Schema.Struct({
  package: Schema.optional(Schema.Struct({ ecosystem: Schema.String, name: Schema.String })),
  ranges: Schema.optional(Schema.Array(Schema.Struct({ type: Schema.String, events: Schema.Array(OsvEvent) }))),
  versions: Schema.optional(Schema.Array(Schema.String)),
  severity: Schema.optional(Schema.Array(OsvSeverity))
})

/** An OSV record, the fields Tidemark reads (others are let through unread). */
export const OsvRecord = Schema.Struct({
  id: Schema.String,
  modified: Schema.String,
  published: Schema.optional(Schema.String),
  withdrawn: Schema.optional(Schema.String),
  aliases: Schema.optional(Schema.Array(Schema.String)),
  summary: Schema.optional(Schema.String),
  details: Schema.optional(Schema.String),
  severity: Schema.optional(Schema.Array(OsvSeverity)),
  affected: Schema.optional(Schema.Array(OsvAffected)),
  database_specific: Schema.optional(Schema.Struct({
    severity: Schema.optional(Schema.Unknown),
    cwe_ids: Schema.optional(Schema.Unknown)
  }))
})
export type OsvRecord = typeof OsvRecord.Type

/** A version where a range starts, ends (not included) or last holds (included). */
export class RangeEvent extends Schema.Class<RangeEvent>("RangeEvent")({
  kind: Schema.Literal("introduced", "fixed", "last_affected"),
  version: Schema.String
}) {}

/** A package an advisory affects: its versions, listed or as ranges of events in the ecosystem's order. */
export class AffectedPackage extends Schema.Class<AffectedPackage>("AffectedPackage")({
  ecosystem: DependencyEcosystem,
  /** As the advisory writes it. */
  name: Schema.String,
  /** Each range's events, sorted in the ecosystem's order (`introduced: "0"` first). */
  ranges: Schema.Array(Schema.Array(RangeEvent)),
  versions: Schema.Array(Schema.String)
}) {}

/** What Tidemark keeps of an advisory. */
export class Advisory extends Schema.Class<Advisory>("Advisory")({
  id: Schema.String,
  aliases: Schema.Array(Schema.String),
  summary: Schema.optional(Schema.String),
  modified: Schema.String,
  published: Schema.optional(Schema.String),
  priority: SrmPriority,
  cvssScore: Schema.optional(Schema.Number),
  cvssVector: Schema.optional(Schema.String),
  cwes: Schema.Array(Schema.String),
  affected: Schema.Array(AffectedPackage)
}) {}

/** The first CVE among the advisory's identifiers. */
export const cveOf = (advisory: Advisory): string | undefined =>
  [advisory.id, ...advisory.aliases].find((id) => id.startsWith("CVE-"))

const priorityOfScore = (score: number): SrmPriority =>
  score >= 9 ? "Critical" : score >= 7 ? "High" : score >= 4 ? "Medium" : "Low"

// GitHub's records say MODERATE where CVSS says Medium.
const priorityOfWord: Readonly<Record<string, SrmPriority>> = { CRITICAL: "Critical", HIGH: "High", MODERATE: "Medium", MEDIUM: "Medium", LOW: "Low" }

const cvssBaseScore = (entry: { readonly type: string; readonly score: string }): number | undefined => {
  try {
    const vector = entry.type === "CVSS_V4"
      ? new cvss.Cvss4P0(entry.score)
      : entry.type === "CVSS_V3"
      ? (entry.score.startsWith("CVSS:3.0/") ? new cvss.Cvss3P0(entry.score) : new cvss.Cvss3P1(entry.score))
      : entry.type === "CVSS_V2"
      ? new cvss.Cvss2(entry.score)
      : undefined
    const base = vector?.calculateScores().base
    return base === undefined || Number.isNaN(base) ? undefined : base
  } catch {
    return undefined
  }
}

const cvssPreference = ["CVSS_V4", "CVSS_V3", "CVSS_V2"]

/**
 * The advisory's priority: from its newest CVSS vector's base score (9 and over Critical, 7 High, 4
 * Medium, else Low), else from the database's own word for it (GitHub's `database_specific.severity`),
 * else Medium: an advisory without a severity is neither dismissed nor made an emergency.
 */
const severityOf = (record: OsvRecord): Pick<Advisory, "priority" | "cvssScore" | "cvssVector"> => {
  const entries = [...(record.severity ?? []), ...(record.affected ?? []).flatMap((affected) => affected.severity ?? [])]
  for (const type of cvssPreference) {
    for (const entry of entries.filter((e) => e.type === type)) {
      const score = cvssBaseScore(entry)
      if (score !== undefined) return { priority: priorityOfScore(score), cvssScore: score, cvssVector: entry.score }
    }
  }
  const word = record.database_specific?.severity
  return { priority: (typeof word === "string" ? priorityOfWord[word.toUpperCase()] : undefined) ?? "Medium" }
}

const eventOf = (event: typeof OsvEvent.Type): RangeEvent | undefined =>
  event.introduced !== undefined
    ? RangeEvent.make({ kind: "introduced", version: event.introduced })
    : event.fixed !== undefined
    ? RangeEvent.make({ kind: "fixed", version: event.fixed })
    : event.last_affected !== undefined
    ? RangeEvent.make({ kind: "last_affected", version: event.last_affected })
    : undefined // `limit` bounds git ranges only

/**
 * A range's events in the ecosystem's order, or undefined when one of them is not a version of the
 * ecosystem (it cannot be placed, so the range cannot be decided).
 */
const sortedEvents = (ecosystem: DependencyEcosystem, events: ReadonlyArray<RangeEvent>): ReadonlyArray<RangeEvent> | undefined => {
  const compare = compareIn(ecosystem)
  const isStart = (event: RangeEvent) => event.kind === "introduced" && event.version === "0"
  if (events.some((event) => !isStart(event) && compare(event.version, event.version) === undefined)) return undefined
  return [...events].sort((a, b) => (isStart(a) ? -1 : isStart(b) ? 1 : compare(a.version, b.version)!))
}

/**
 * What Tidemark keeps of an OSV record: only the packages of the ecosystems it reads, and of their
 * ranges those in versions (`SEMVER`, `ECOSYSTEM`; `GIT` ranges name commits). Undefined for a
 * withdrawn record or one affecting none of those packages.
 */
export const advisoryOfOsv = (record: OsvRecord): Advisory | undefined => {
  if (record.withdrawn !== undefined) return undefined
  const affected = (record.affected ?? []).flatMap((entry): ReadonlyArray<AffectedPackage> => {
    const ecosystem = entry.package === undefined ? undefined : ecosystemOfOsv(entry.package.ecosystem)
    if (entry.package === undefined || ecosystem === undefined) return []
    const ranges = (entry.ranges ?? [])
      .filter((range) => range.type === "SEMVER" || range.type === "ECOSYSTEM")
      .flatMap((range) => {
        const sorted = sortedEvents(ecosystem, range.events.flatMap((event) => eventOf(event) ?? []))
        return sorted === undefined ? [] : [sorted]
      })
    const versions = entry.versions ?? []
    return ranges.length === 0 && versions.length === 0
      ? []
      : [AffectedPackage.make({ ecosystem, name: entry.package.name, ranges, versions })]
  })
  if (affected.length === 0) return undefined
  const cwes = record.database_specific?.cwe_ids
  return Advisory.make({
    id: record.id,
    aliases: record.aliases ?? [],
    ...(record.summary === undefined ? {} : { summary: record.summary }),
    modified: record.modified,
    ...(record.published === undefined ? {} : { published: record.published }),
    ...severityOf(record),
    cwes: Array.isArray(cwes) ? cwes.filter((cwe): cwe is string => typeof cwe === "string") : [],
    affected
  })
}

/**
 * Whether the package's version lies in one of the advisory's ranges, as OSV evaluates them: the
 * events in order, each `introduced` at or below the version opening it, each `fixed` at or below
 * closing it, each `last_affected` below it closing it. A version the ecosystem does not accept
 * (a git URL in a lockfile) is in no range; listed versions are compared as written.
 */
export const affects = (affected: AffectedPackage, version: string): boolean => {
  if (affected.versions.includes(version)) return true
  const compare = compareIn(affected.ecosystem)
  if (compare(version, version) === undefined) return false
  return affected.ranges.some((events) => {
    let inRange = false
    for (const event of events) {
      const order = event.kind === "introduced" && event.version === "0" ? 1 : compare(version, event.version)!
      if (event.kind === "introduced" && order >= 0) inRange = true
      else if (event.kind === "fixed" && order >= 0) inRange = false
      else if (event.kind === "last_affected" && order > 0) inRange = false
    }
    return inRange
  })
}

/** The versions that fix what the advisory says of the package, above the version used, in order. */
export const fixedVersionsAbove = (affected: AffectedPackage, version: string): ReadonlyArray<string> => {
  const compare = compareIn(affected.ecosystem)
  const fixed = affected.ranges.flatMap((events) => events.filter((event) => event.kind === "fixed").map((event) => event.version))
  return [...new Set(fixed)].filter((candidate) => (compare(candidate, version) ?? 0) > 0).sort((a, b) => compare(a, b)!)
}

/** The packages an advisory names, as stored and looked up: ecosystem and comparable name. */
export const packageKeysOf = (advisory: Advisory): ReadonlyArray<PackageKey> => distinctPackages(advisory.affected)
