/**
 * Where the catalogue's Stylelint patterns apply by default: Stylelint's rules are written for
 * CSS, and some of them misread SCSS and Less (an `@include` is an unknown at-rule to CSS, a
 * `$variable` an unknown value). The default patterns leave those rules out of `.scss` and
 * `.less` files, as the Stylelint team's own configs for those syntaxes do; a repository's own
 * configuration decides for itself. The generator gives each pattern the languages it runs on
 * from here, and the Stylelint plug-in runs each rule on the files of those languages only.
 */

/** The measures' names of the syntaxes Stylelint reads (cloc's): `.css`, `.scss`, `.less`. */
export type StylelintSyntax = "CSS" | "SCSS" | "LESS"

/**
 * Rules whose README says "only appropriate for CSS. You should not turn it on for CSS-like
 * languages, such as SCSS or Less" (Stylelint 17.16: the generator checks every such rule is here).
 */
const cssOnly: ReadonlyArray<string> = [
  "at-rule-descriptor-no-unknown",
  "at-rule-descriptor-value-no-unknown",
  "at-rule-prelude-no-invalid",
  "declaration-property-value-no-unknown",
  "media-feature-name-value-no-unknown",
  "media-query-no-invalid",
  "no-descending-specificity",
  "no-duplicate-selectors",
  "selector-max-specificity",
  "selector-no-invalid",
  "selector-no-qualifying-type",
  "selector-no-unmatchable"
]

/**
 * Off for a syntax, beside the CSS-only rules. Two are off for both: `no-invalid-double-slash-comments`
 * (`//` starts a comment in Sass and in Less, and a Less comment inside a selector list,
 * `.a, // the first\n.b {}` in UIkit, reaches the rule as part of the selector) and
 * `no-invalid-position-at-import-rule` (Sass and Less import a partial wherever the `@import`
 * stands, materialize's forms after their own rules, and moving it moves the partial's rules).
 */
const offFor: Readonly<Record<Exclude<StylelintSyntax, "CSS">, ReadonlyArray<string>>> = {
  // stylelint-config-recommended-scss 17.0.1 turns the first four off: Sass's at-rules (`@use`,
  // `@mixin`, `@include`, `@if`), its `!default` and `!global` annotations, its functions
  // (`map-get`), and its `//` comments are unknown or empty to the CSS rules.
  SCSS: [
    "annotation-no-unknown",
    "at-rule-no-unknown",
    "comment-no-empty",
    "function-no-unknown",
    "no-invalid-double-slash-comments",
    "no-invalid-position-at-import-rule"
  ],
  // stylelint-config-recommended-less turns off `at-rule-no-unknown`: Less's `@plugin` and its
  // `@import (reference)` options are unknown to CSS.
  LESS: ["at-rule-no-unknown", "no-invalid-double-slash-comments", "no-invalid-position-at-import-rule"]
}

/** Whether the default patterns run `rule` on files of `syntax`. */
export const stylelintRunsOn = (rule: string, syntax: StylelintSyntax): boolean =>
  syntax === "CSS" || !(cssOnly.includes(rule) || offFor[syntax].includes(rule))

/** The rules the table says are only for CSS (the generator compares them with the READMEs'). */
export const stylelintCssOnlyRules: ReadonlyArray<string> = cssOnly

/**
 * Options the default patterns add for a syntax, as stylelint-config-recommended-scss 17.0.1 sets
 * them: Sass's `@mixin` body is a scoping root and may hold declarations. Each list is added to
 * what the pattern's parameter gives.
 */
export const stylelintSecondaryOptionsFor: Readonly<
  Record<StylelintSyntax, Readonly<Record<string, Readonly<Record<string, ReadonlyArray<string>>>>>>
> = {
  CSS: {},
  SCSS: {
    "nesting-selector-no-missing-scoping-root": { ignoreAtRules: ["mixin"] },
    "no-invalid-position-declaration": { ignoreAtRules: ["mixin"] }
  },
  LESS: {}
}
