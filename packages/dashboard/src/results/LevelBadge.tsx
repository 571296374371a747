import type { SeverityLevel } from "./Results.js"

/** An issue's severity, its colour from a class (the policy admits no inline style). */
export const LevelBadge = ({ level }: { readonly level: SeverityLevel }) => (
  <span class={`severity severity-${level.toLowerCase()}`}>{level}</span>
)
