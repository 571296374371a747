import type { RepositoryWithAnalysis } from "./RepositoriesApi.js"

/** Whether one goal of a repository is met: unknown until the analysis gives the measure. */
export type GoalState = "met" | "missed" | "unknown"

export interface GoalCheck {
  readonly label: string
  readonly state: GoalState
}

const check = (label: string, value: number | undefined, met: (value: number) => boolean): GoalCheck => ({
  label,
  state: value === undefined ? "unknown" : met(value) ? "met" : "missed"
})

/** The four goals of the original service, compared with the repository's measures. */
export const goalChecks = (repository: RepositoryWithAnalysis): ReadonlyArray<GoalCheck> => {
  const goals = repository.goals
  if (goals === undefined) return []
  return [
    check(`issues ≤ ${goals.maxIssuePercentage} %`, repository.issuesPercentage, (v) => v <= goals.maxIssuePercentage),
    check(`complex files ≤ ${goals.maxComplexFilesPercentage} %`, repository.complexFilesPercentage, (v) => v <= goals.maxComplexFilesPercentage),
    check(`duplication ≤ ${goals.maxDuplicatedFilesPercentage} %`, repository.duplicationPercentage, (v) => v <= goals.maxDuplicatedFilesPercentage),
    check(`coverage ≥ ${goals.minCoveragePercentage} %`, repository.coverage?.coveragePercentage, (v) => v >= goals.minCoveragePercentage)
  ]
}

/** `3 / 4 met`, counting only the goals whose measure is known; a dash while none is. */
export const goalSummary = (checks: ReadonlyArray<GoalCheck>): string => {
  const known = checks.filter((c) => c.state !== "unknown")
  if (known.length === 0) return "–"
  return `${known.filter((c) => c.state === "met").length} / ${known.length} met`
}
