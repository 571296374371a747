/**
 * What "Issues %" means, in words for the pages that show it. The numbers are core's
 * (`IssueLoad.issueWeights`, `baselineUnitsPerThousandLines`); a test keeps them equal, since the
 * dashboard does not bundle core.
 */

/** Cost units of one issue, by the API's severity level, with the names people know them by. */
export const issueWeights = [
  { level: "Error", alias: "Critical", weight: 10 },
  { level: "High", alias: undefined, weight: 7.5 },
  { level: "Warning", alias: "Medium", weight: 5 },
  { level: "Info", alias: "Minor", weight: 1 }
] as const

export const baselineUnitsPerThousandLines = 10

const weights = issueWeights
  .map(({ alias, level, weight }) => `${level}${alias === undefined ? "" : ` (${alias})`} ${weight}`)
  .join(", ")

/** The help beside "Issues %". */
export const issueLoadHelp =
  `Issues % is the issue load: each issue weighted by its severity (${weights}) against a baseline of ` +
  `${baselineUnitsPerThousandLines} units per 1,000 analysed lines of code, capped at 100 %. ` +
  "Lines of languages no tool analysed do not count."
