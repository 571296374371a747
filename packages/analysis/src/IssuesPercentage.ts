import type { IssueSeverity } from "./LintResult.js"

/**
 * Cost units of one issue, by severity (the original service's definition, api-facts). `High`
 * has no published weight: the definition predates it. It sits between `Error` (Critical) and
 * `Warning` (Medium) in the API's scale, so it weighs the midpoint of the two: as much as `Error`
 * would make High and Critical the same, as much as `Warning` would make it pointless.
 */
export const issueWeights: Readonly<Record<IssueSeverity, number>> = { Error: 10, High: 7.5, Warning: 5, Info: 1 }

/** The expected load: this many cost units per 1000 lines of code. */
export const baselineUnitsPerThousandLines = 10

/**
 * Issue load relative to the expected baseline, as a percentage:
 * `min(100, round(100 × Σ weight / (10 × loc / 1000)))`, halves up. A tree without code has no
 * baseline: 0 without issues, 100 (the cap) with any.
 */
export const issuesPercentage = (issues: ReadonlyArray<{ readonly severity: IssueSeverity }>, loc: number): number => {
  const units = issues.reduce((sum, issue) => sum + issueWeights[issue.severity], 0)
  if (units === 0) return 0
  if (loc <= 0) return 100
  // Multiplied out before dividing, so that a result of exactly x.5 is not a float's x.4999.
  return Math.min(100, Math.round((100 * 1000 * units) / (baselineUnitsPerThousandLines * loc)))
}
