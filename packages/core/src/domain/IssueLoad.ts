import { Schema } from "effect"
import type { SeverityLevel } from "./Pattern.js"
import { trusted } from "./Trusted.js"

/**
 * Cost units of one issue, by severity (the original service's definition, api-facts). `High`
 * has no published weight: the definition predates it. It sits between `Error` (Critical) and
 * `Warning` (Medium) in the API's scale, so it weighs the midpoint of the two: as much as `Error`
 * would make High and Critical the same, as much as `Warning` would make it pointless.
 */
export const issueWeights: Readonly<Record<SeverityLevel, number>> = { Error: 10, High: 7.5, Warning: 5, Info: 1 }

/** The expected load: this many cost units per 1000 lines of code. */
export const baselineUnitsPerThousandLines = 10

/** How many issues of each severity a commit has. */
export class IssueCounts extends Schema.Class<IssueCounts>("IssueCounts")({
  Error: Schema.Int,
  High: Schema.Int,
  Warning: Schema.Int,
  Info: Schema.Int
}) {
  static readonly none = new IssueCounts({ Error: 0, High: 0, Warning: 0, Info: 0 })
}

export const countsOf = (issues: ReadonlyArray<{ readonly severity: SeverityLevel }>): IssueCounts => {
  const counts = { Error: 0, High: 0, Warning: 0, Info: 0 }
  for (const issue of issues) counts[issue.severity] += 1
  return new IssueCounts(counts, true)
}

export const addCounts = (a: IssueCounts, b: IssueCounts): IssueCounts =>
  trusted(IssueCounts, { Error: a.Error + b.Error, High: a.High + b.High, Warning: a.Warning + b.Warning, Info: a.Info + b.Info })

export const totalOf = (counts: IssueCounts): number => counts.Error + counts.High + counts.Warning + counts.Info

/**
 * Issue load relative to the expected baseline, as a percentage:
 * `min(100, round(100 × Σ weight / (10 × loc / 1000)))`, halves up. A tree without code has no
 * baseline: 0 without issues, 100 (the cap) with any.
 */
export const issuesPercentageOf = (counts: IssueCounts, loc: number): number => {
  const units = counts.Error * issueWeights.Error + counts.High * issueWeights.High +
    counts.Warning * issueWeights.Warning + counts.Info * issueWeights.Info
  if (units === 0) return 0
  if (loc <= 0) return 100
  // Multiplied out before dividing, so that a result of exactly x.5 is not a float's x.4999.
  return Math.min(100, Math.round((100 * 1000 * units) / (baselineUnitsPerThousandLines * loc)))
}

export const issuesPercentage = (issues: ReadonlyArray<{ readonly severity: SeverityLevel }>, loc: number): number =>
  issuesPercentageOf(countsOf(issues), loc)
