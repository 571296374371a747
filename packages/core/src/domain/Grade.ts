import type { GradeLetter } from "./RepositoryWithAnalysis.js"

/**
 * The grade of a commit: how well its four measures meet the repository's goals, as a number from
 * 0 to 100 and a letter from A (best) to F (worst). The original service publishes no formula
 * (api-facts), so this one is ours:
 *
 * 1. Each measure gets a score from 0 to 1 against its goal.
 *    - Issues, complex files and duplicated files must stay at most at their goal `g`. At or below
 *      the goal the score is 1; above, it falls linearly and reaches 0 at `g + max(g, 10)`
 *      percentage points (twice the goal, or ten points above it for goals under 10, so that a
 *      goal of 0 does not turn one percent into a total failure):
 *      `score = clamp(1 − (value − g) / max(g, 10), 0, 1)`.
 *    - Coverage must reach at least its goal `g`: `score = min(coverage / g, 1)` (1 when `g` is 0).
 * 2. The scores are weighted: issues 40, complex files 20, duplicated files 20, coverage 20.
 *    Issues weigh most because they are the findings a team acts on. A commit without a coverage
 *    report is not penalised: coverage's weight is left out, and the other three share the whole.
 * 3. `grade = round(100 × Σ weight × score / Σ weight)`, halves rounded up (after dropping float
 *    noise below 1e-6, so that 89.5 computed as 89.4999999 still gives 90).
 * 4. `gradeLetter` from the rounded grade: A ≥ 90, B ≥ 75, C ≥ 60, D ≥ 45, E ≥ 30, F below 30. The
 *    API allows A to F, E included (core's `GradeLetter`). Meeting every goal gives 100 (A);
 *    missing one 20-weight goal completely, with the rest met, gives 80 (B); failing issues
 *    completely, with the rest met, gives 60 (C).
 *
 * Measures are percentages from 0 to 100; values outside that range are clamped into it.
 */


export interface GradeMeasures {
  readonly issuesPercentage: number
  readonly complexFilesPercentage: number
  /** The share of files with more clone blocks than `fileDuplicationBlockThreshold`. */
  readonly duplicationPercentage: number
  /** Undefined when the commit has no coverage report. */
  readonly coveragePercentage?: number | undefined
}

/** The goals the grade reads; core's `Goals` has these fields and more. */
export interface GradeGoals {
  readonly maxIssuePercentage: number
  readonly maxComplexFilesPercentage: number
  readonly maxDuplicatedFilesPercentage: number
  readonly minCoveragePercentage: number
}

export interface Grade {
  readonly grade: number
  readonly gradeLetter: GradeLetter
}

export const gradeWeights = { issues: 40, complexFiles: 20, duplication: 20, coverage: 20 } as const

/** Lowest grade of each letter, best first; below the last one the letter is F. */
export const gradeLetterBoundaries: ReadonlyArray<readonly [GradeLetter, number]> = [
  ["A", 90],
  ["B", 75],
  ["C", 60],
  ["D", 45],
  ["E", 30]
]

const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value))

/** Score of a measure that must stay at most at `goal`. */
export const atMostScore = (value: number, goal: number): number => {
  const over = clamp(value, 0, 100) - goal
  return over <= 0 ? 1 : clamp(1 - over / Math.max(goal, 10), 0, 1)
}

/** Score of a measure that must reach at least `goal`. */
export const atLeastScore = (value: number, goal: number): number =>
  goal <= 0 ? 1 : Math.min(clamp(value, 0, 100) / goal, 1)

export const gradeLetterOf = (grade: number): GradeLetter =>
  gradeLetterBoundaries.find(([, lowest]) => grade >= lowest)?.[0] ?? "F"

export const gradeOf = (measures: GradeMeasures, goals: GradeGoals): Grade => {
  const scored: ReadonlyArray<readonly [weight: number, score: number]> = [
    [gradeWeights.issues, atMostScore(measures.issuesPercentage, goals.maxIssuePercentage)],
    [gradeWeights.complexFiles, atMostScore(measures.complexFilesPercentage, goals.maxComplexFilesPercentage)],
    [gradeWeights.duplication, atMostScore(measures.duplicationPercentage, goals.maxDuplicatedFilesPercentage)],
    ...(measures.coveragePercentage === undefined
      ? []
      : [[gradeWeights.coverage, atLeastScore(measures.coveragePercentage, goals.minCoveragePercentage)] as const])
  ]
  const weights = scored.reduce((sum, [weight]) => sum + weight, 0)
  const points = scored.reduce((sum, [weight, score]) => sum + weight * score, 0)
  const grade = Math.round(Math.round((100 * points * 1e6) / weights) / 1e6)
  return { grade, gradeLetter: gradeLetterOf(grade) }
}
