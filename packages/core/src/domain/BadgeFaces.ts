import type { GradeLetter } from "./RepositoryWithAnalysis.js"

export type BadgeKind = "grade" | "coverage"

/** What a badge shows: its label on the left, its message on the right, on a colour. */
export interface BadgeFace {
  readonly label: string
  readonly message: string
  /** A CSS colour (the shields.io palette, which README readers already know). */
  readonly color: string
}

const palette = {
  brightgreen: "#4c1",
  green: "#97ca00",
  yellowgreen: "#a4a61d",
  yellow: "#dfb317",
  orange: "#fe7d37",
  red: "#e05d44",
  lightgrey: "#9f9f9f"
} as const

const gradeColors: Record<GradeLetter, string> = {
  A: palette.brightgreen,
  B: palette.green,
  C: palette.yellowgreen,
  D: palette.yellow,
  E: palette.orange,
  F: palette.red
}

/** The grade of the branch's latest analysis; `pending` before its first. */
export const gradeFace = (letter: GradeLetter | undefined): BadgeFace =>
  letter === undefined
    ? { label: "grade", message: "pending", color: palette.lightgrey }
    : { label: "grade", message: letter, color: gradeColors[letter] }

const coverageSteps: ReadonlyArray<readonly [number, string]> = [
  [90, palette.brightgreen],
  [80, palette.green],
  [70, palette.yellowgreen],
  [60, palette.yellow],
  [50, palette.orange]
]

/** The coverage of the branch's analysed commit, in whole percent; `unknown` when no report covers it. */
export const coverageFace = (percentage: number | undefined): BadgeFace =>
  percentage === undefined
    ? { label: "coverage", message: "unknown", color: palette.lightgrey }
    : {
      label: "coverage",
      message: `${percentage}%`,
      color: coverageSteps.find(([lowest]) => percentage >= lowest)?.[1] ?? palette.red
    }
