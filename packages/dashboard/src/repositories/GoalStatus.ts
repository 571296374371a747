import { issuesMeasured } from "./Grading.js"
import type { RepositoryWithAnalysis } from "./RepositoriesApi.js"

/**
 * Whether one goal of a repository is met: unknown until the analysis gives the measure; not
 * measured when the analysis gave a number that no tool measured (issues without any tool run:
 * their 0 % is not a clean repository).
 */
export type GoalState = "met" | "missed" | "unknown" | "not measured"

export type GoalMeasure = "issues" | "complexFiles" | "duplication" | "coverage"

export interface GoalCheck {
  readonly measure: GoalMeasure
  readonly label: string
  readonly state: GoalState
}

const check = (
  measure: GoalMeasure,
  label: string,
  value: number | undefined,
  met: (value: number) => boolean,
  measured = true
): GoalCheck => ({
  measure,
  label,
  state: value === undefined ? "unknown" : !measured ? "not measured" : met(value) ? "met" : "missed"
})

/** The four goals of the original service, compared with the repository's measures. */
export const goalChecks = (repository: RepositoryWithAnalysis): ReadonlyArray<GoalCheck> => {
  const goals = repository.goals
  if (goals === undefined) return []
  return [
    check(
      "issues",
      `issues ≤ ${goals.maxIssuePercentage} %`,
      repository.issuesPercentage,
      (v) => v <= goals.maxIssuePercentage,
      issuesMeasured(repository)
    ),
    check("complexFiles", `complex files ≤ ${goals.maxComplexFilesPercentage} %`, repository.complexFilesPercentage, (v) => v <= goals.maxComplexFilesPercentage),
    check("duplication", `duplication ≤ ${goals.maxDuplicatedFilesPercentage} %`, repository.duplicationPercentage, (v) => v <= goals.maxDuplicatedFilesPercentage),
    check("coverage", `coverage ≥ ${goals.minCoveragePercentage} %`, repository.coverage?.coveragePercentage, (v) => v >= goals.minCoveragePercentage)
  ]
}

/** `3 / 4 met`, counting only the goals whose measure is known and measured; a dash while none is. */
export const goalSummary = (checks: ReadonlyArray<GoalCheck>): string => {
  const known = checks.filter((c) => c.state === "met" || c.state === "missed")
  if (known.length === 0) return "–"
  return `${known.filter((c) => c.state === "met").length} / ${known.length} met`
}
