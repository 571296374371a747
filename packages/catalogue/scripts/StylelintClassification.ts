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
  // A selector written twice: both blocks apply, so neither is dead code; where to write a rule is organization.
  "no-duplicate-selectors": "BestPractice",
  // Keyframes of one selector cascade: neither block is dead code.
  "keyframe-block-no-duplicate-selectors": "BestPractice",
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
 * - `keyframe-block-no-duplicate-selectors` reports a keyframe selector written twice in one
 *   `@keyframes`; keyframes of the same selector cascade (MDN, "@keyframes": "There's cascading
 *   within a @keyframes rule if multiple keyframes specify the same percentage values"), so
 *   writing the timing function once for several frames and each frame's transform on its own is
 *   how animate.css writes every animation: neither block is dead, and removing one breaks it.
 * - `no-duplicate-selectors` reports a selector given a second block in a stylesheet; both blocks
 *   apply, and a stylesheet writes one twice on purpose as often as by a slip (noUiSlider's
 *   "functional styling" then its "styling", in materialize). Merging them moves declarations past
 *   the rules between, which changes which of two equal-specificity rules wins, as with
 *   `no-descending-specificity`; Stylelint's own SCSS config turns it off.
 */
export const stylelintOffByDefault: ReadonlySet<string> = new Set([
  "no-descending-specificity",
  "keyframe-block-no-duplicate-selectors",
  "no-duplicate-selectors"
])

/**
 * Tailwind CSS's at-rules (its "Functions and directives", v3 and v4): a stylesheet of a Tailwind
 * project is written in them (`@tailwind base`, `@apply px-4`, `@theme {}`), and Tailwind turns
 * them into CSS; they are not, and are not going to be, CSS's own.
 */
const tailwindAtRules = [
  "tailwind", "apply", "config", "screen", "variants", "responsive",
  "theme", "source", "utility", "variant", "custom-variant", "reference", "plugin"
]

/**
 * Parameter defaults that differ from the recommended config's, so that following a default issue
 * never breaks working CSS. A repository can set them back.
 * - `font-family-no-duplicate-names`: `font-family: monospace, monospace` is the known way to keep
 *   browsers from shrinking a monospace font (normalize.css writes it so, with a comment): the
 *   second `monospace` is the fix, not a duplicate.
 * - `at-rule-no-unknown`, `at-rule-prelude-no-invalid`: Tailwind's at-rules (`@tailwind`, `@apply`).
 */
export const stylelintHarmlessDefaults: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "font-family-no-duplicate-names": { ignoreFontFamilyNames: `["monospace"]` },
  // Tailwind's at-rules are neither unknown nor invalid to the build that reads them (the
  // recommended config's own `media` kept for the prelude).
  "at-rule-no-unknown": { ignoreAtRules: JSON.stringify(tailwindAtRules) },
  "at-rule-prelude-no-invalid": { ignoreAtRules: JSON.stringify(["media", ...tailwindAtRules]) }
}
