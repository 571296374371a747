import { describe, expect, it } from "vitest"
import { Grade } from "../src/index.js"

/** core's Goals.defaults (api-facts): the grade reads these four. */
const goals: Grade.GradeGoals = { maxIssuePercentage: 20, maxComplexFilesPercentage: 10, maxDuplicatedFilesPercentage: 10, minCoveragePercentage: 60 }

const allMet = { issuesPercentage: 20, complexFilesPercentage: 10, duplicationPercentage: 10, coveragePercentage: 60 }

describe("measure scores", () => {
  it("keeps 1 up to an at-most goal and reaches 0 at twice the goal", () => {
    expect([0, 20, 25, 30, 40, 60].map((value) => Grade.atMostScore(value, 20))).toEqual([1, 1, 0.75, 0.5, 0, 0])
  })

  it("gives goals under 10 ten points of slope, so that a goal of 0 is not all or nothing", () => {
    expect([0, 1, 5, 10, 11].map((value) => Grade.atMostScore(value, 0))).toEqual([1, 0.9, 0.5, 0, 0])
    expect([4, 9, 14].map((value) => Grade.atMostScore(value, 4))).toEqual([1, 0.5, 0])
  })

  it("grows linearly to 1 at an at-least goal, and is 1 when the goal is 0", () => {
    expect([0, 30, 60, 90].map((value) => Grade.atLeastScore(value, 60))).toEqual([0, 0.5, 1, 1])
    expect(Grade.atLeastScore(0, 0)).toBe(1)
  })

  it("clamps measures outside 0..100", () => {
    expect([Grade.atMostScore(-5, 10), Grade.atMostScore(150, 80), Grade.atLeastScore(120, 60), Grade.atLeastScore(-1, 60)]).toEqual([1, 0.75, 1, 0])
  })
})

describe("gradeLetterOf", () => {
  it.each([
    [100, "A"], [90, "A"], [89, "B"], [75, "B"], [74, "C"], [60, "C"], [59, "D"], [45, "D"], [44, "E"], [30, "E"], [29, "F"], [0, "F"]
  ] as const)("%i is %s", (grade, letter) => {
    expect(Grade.gradeLetterOf(grade)).toBe(letter)
  })
})

describe("gradeOf", () => {
  it("gives 100 (A) when every goal is met, with or without coverage", () => {
    expect(Grade.gradeOf(allMet, goals)).toEqual({ grade: 100, gradeLetter: "A" })
    expect(Grade.gradeOf({ ...allMet, coveragePercentage: undefined }, goals)).toEqual({ grade: 100, gradeLetter: "A" })
  })

  it("weighs issues 40 and the other measures 20 each", () => {
    expect(Grade.gradeOf({ ...allMet, issuesPercentage: 40 }, goals)).toEqual({ grade: 60, gradeLetter: "C" })
    expect(Grade.gradeOf({ ...allMet, complexFilesPercentage: 20 }, goals)).toEqual({ grade: 80, gradeLetter: "B" })
    expect(Grade.gradeOf({ ...allMet, duplicationPercentage: 20 }, goals)).toEqual({ grade: 80, gradeLetter: "B" })
    expect(Grade.gradeOf({ ...allMet, coveragePercentage: 0 }, goals)).toEqual({ grade: 80, gradeLetter: "B" })
    expect(Grade.gradeOf({ issuesPercentage: 100, complexFilesPercentage: 100, duplicationPercentage: 100, coveragePercentage: 0 }, goals))
      .toEqual({ grade: 0, gradeLetter: "F" })
  })

  it("shares coverage's weight among the others when there is no report", () => {
    // Issues half-scored: 40 × 0.5 + 40 = 60 of 80 points.
    expect(Grade.gradeOf({ ...allMet, issuesPercentage: 30, coveragePercentage: undefined }, goals)).toEqual({ grade: 75, gradeLetter: "B" })
    expect(Grade.gradeOf({ ...allMet, issuesPercentage: 30 }, goals)).toEqual({ grade: 80, gradeLetter: "B" })
  })

  // Each letter boundary from real measures: the lowest grade of the letter and the one below it.
  // Coverage alone moves the grade here (20 × coverage / 60), the other goals being met (80).
  it.each([
    [30, 90, "A"], [27, 89, "B"], // 80 + 20 × 30/60 = 90; 80 + 20 × 27/60 = 89
    [0, 80, "B"]
  ] as const)("coverage %i gives %i (%s)", (coveragePercentage, grade, gradeLetter) => {
    expect(Grade.gradeOf({ ...allMet, coveragePercentage }, goals)).toEqual({ grade, gradeLetter })
  })

  // Issues over their goal of 20 lose 2 points of grade per percentage point (40 × 1/20).
  it.each([
    [22.5, 95, "A"], [25, 90, "A"], [25.5, 89, "B"],
    [32.5, 75, "B"], [33, 74, "C"],
    [40, 60, "C"]
  ] as const)("issues %d%% give %i (%s) with the other goals met", (issuesPercentage, grade, gradeLetter) => {
    expect(Grade.gradeOf({ ...allMet, issuesPercentage }, goals)).toEqual({ grade, gradeLetter })
  })

  // Everything but coverage failed (0 of 80), coverage scored: grade = 20 × coverage / 60.
  it.each([
    [60, 20, "F"], [0, 0, "F"]
  ] as const)("coverage %i with every other goal failed gives %i (%s)", (coveragePercentage, grade, gradeLetter) => {
    expect(Grade.gradeOf({ issuesPercentage: 40, complexFilesPercentage: 20, duplicationPercentage: 20, coveragePercentage }, goals))
      .toEqual({ grade, gradeLetter })
  })

  // Issues failed (60 points left), complex files rising over their goal of 10: D and E.
  it.each([
    [10, 60, "C"], [10.5, 59, "D"], [17.5, 45, "D"], [18, 44, "E"]
  ] as const)("complex files %d%% with issues failed give %i (%s)", (complexFilesPercentage, grade, gradeLetter) => {
    expect(Grade.gradeOf({ ...allMet, issuesPercentage: 40, complexFilesPercentage }, goals)).toEqual({ grade, gradeLetter })
  })

  // Issues and duplication failed (40 points left), complex files rising: E and F.
  it.each([
    [15, 30, "E"], [15.5, 29, "F"]
  ] as const)("complex files %d%% with issues and duplication failed give %i (%s)", (complexFilesPercentage, grade, gradeLetter) => {
    expect(Grade.gradeOf({ ...allMet, issuesPercentage: 40, duplicationPercentage: 20, complexFilesPercentage }, goals)).toEqual({ grade, gradeLetter })
  })

  it("rounds halves up before choosing the letter", () => {
    // 80 + 20 × 28.5/60 = 89.5 → 90 → A; 80 + 20 × 28.4/60 = 89.47 → 89 → B.
    expect(Grade.gradeOf({ ...allMet, coveragePercentage: 28.5 }, goals)).toEqual({ grade: 90, gradeLetter: "A" })
    expect(Grade.gradeOf({ ...allMet, coveragePercentage: 28.4 }, goals)).toEqual({ grade: 89, gradeLetter: "B" })
  })
})
