import type { Pattern } from "@tidemark/core"
import { Schema } from "effect"

/**
 * How a Stylelint rule is placed in the catalogue. Stylelint's rules index sorts every rule under
 * a family ("Unknown", "Duplicate", "Notation"...), and a family's rules share a purpose, so the
 * category comes from the family, refined by rule name where one does not fit. Stylelint has no
 * severity of its own (every configured rule is an error unless a config says otherwise): it
 * follows from what the rule reports.
 */

/** Category of each family of the index (`docs/user-guide/rules.md`), keyed by its heading. */
export const categoryByFamily: Readonly<Record<string, Pattern.Category>> = {
  // Avoid errors.
  Deprecated: "Compatibility",
  Descending: "ErrorProne",
  // A repeated property, selector or font name: the earlier one does nothing.
  Duplicate: "UnusedCode",
  Empty: "UnusedCode",
  // What a browser drops or misreads: a bug where it stands.
  Invalid: "ErrorProne",
  Irregular: "ErrorProne",
  Missing: "ErrorProne",
  "Non-standard": "Compatibility",
  Overrides: "ErrorProne",
  Unmatchable: "ErrorProne",
  Unknown: "ErrorProne",
  // Enforce conventions.
  "Allowed, disallowed & required": "BestPractice",
  Case: "CodeStyle",
  "Empty lines": "CodeStyle",
  "Layout mappings": "CodeStyle",
  "Max & min": "Complexity",
  Notation: "CodeStyle",
  Pattern: "CodeStyle",
  Quotes: "CodeStyle",
  Redundant: "CodeStyle",
  "Whitespace inside": "CodeStyle"
}

/** Rules whose family's category does not fit them. */
export const categoryByRule: Readonly<Record<string, Pattern.Category>> = {
  // A font stack without a generic family still renders: the fallback is a robustness practice.
  "font-family-no-missing-generic-family-keyword": "BestPractice",
  // A nested `& {}` that repeats its parent's selector does nothing.
  "block-no-redundant-nested-style-rules": "UnusedCode",
  // Decimal places and declarations on one line are notation, not size.
  "number-max-precision": "CodeStyle",
  "declaration-block-single-line-max-declarations": "CodeStyle",
  // A too short transition or animation is a usability problem, not a complexity.
  "time-min-milliseconds": "BestPractice"
}

/** A family Stylelint added after the table was written: the generator stops until it is classified. */
export class UnclassifiedFamily extends Schema.TaggedError<UnclassifiedFamily>()("UnclassifiedFamily", {
  rule: Schema.String,
  family: Schema.String
}) {}

export const stylelintCategory = (rule: string, family: string): Pattern.Category => {
  const byRule = categoryByRule[rule]
  if (byRule !== undefined) return byRule
  const byFamily = categoryByFamily[family]
  if (byFamily === undefined) throw new UnclassifiedFamily({ rule, family })
  return byFamily
}

/**
 * Severity, as the ESLint catalogue decides it (RuleClassification.ts):
 * - ErrorProne rules Stylelint recommends → Error: invalid or unknown CSS, which a browser drops
 *   (`property-no-unknown`); those it leaves opt-in → High (`color-no-invalid-hex`);
 * - code that does nothing (UnusedCode: duplicates, empty blocks) → Warning: removing it tidies,
 *   leaving it breaks nothing;
 * - notation, case, quotes, patterns, empty lines (CodeStyle) → Info;
 * - everything else → Warning.
 */
export const stylelintSeverity = (category: Pattern.Category, recommended: boolean): Pattern.SeverityLevel => {
  switch (category) {
    case "ErrorProne":
      return recommended ? "Error" : "High"
    case "CodeStyle":
    case "Documentation":
      return "Info"
    default:
      return "Warning"
  }
}

/**
 * Rules of the recommended config that are off by default here, each because following its advice
 * breaks working CSS (measured on real repositories: docs/real-repositories.md). A repository can
 * enable them, and its own configuration decides for itself.
 * - `no-descending-specificity` asks to move a rule after the rules of higher specificity that end
 *   in the same compound selector: moving a rule changes which of two equal-specificity rules wins
 *   for every element both match, and the rule cannot see which elements those are (its own
 *   README: "the linter does not have access to the DOM").
 */
export const stylelintOffByDefault: ReadonlySet<string> = new Set(["no-descending-specificity"])
