import type { Pattern } from "@tidemark/core"
import type { Rule, RuleType } from "./RuleMetadata.js"
import { securityPluginRules } from "./SecurityPluginRules.js"

/**
 * How an ESLint rule is placed in the catalogue: category, Security sub-category, severity and
 * the `recommended` flag. ESLint's `meta.type` gives the base category; the tables below refine
 * it by rule name (without plugin scope, so `@typescript-eslint/no-implied-eval` is classified
 * like `no-implied-eval`).
 */

/** `meta.type` → category when no table below names the rule. */
const categoryByType: Record<RuleType, Pattern.Category> = {
  problem: "ErrorProne",
  suggestion: "BestPractice",
  layout: "CodeStyle"
}

/** Rules that exec strings as code or build `javascript:` URLs; only Security has a sub-category. */
const security: Readonly<Record<string, string>> = {
  "no-eval": "CommandInjection",
  "no-implied-eval": "CommandInjection",
  "no-new-func": "CommandInjection",
  "no-script-url": "XSS"
}

const categoryByName: Readonly<Record<string, Pattern.Category>> = {
  // Dead code: unused bindings, statements that can never run, constructs that do nothing.
  "no-unused-vars": "UnusedCode",
  "no-unused-expressions": "UnusedCode",
  "no-unused-labels": "UnusedCode",
  "no-unused-private-class-members": "UnusedCode",
  "no-unassigned-vars": "UnusedCode",
  "no-unreachable": "UnusedCode",
  "no-unreachable-loop": "UnusedCode",
  "no-empty-function": "UnusedCode",
  "no-empty-static-block": "UnusedCode",
  "no-lone-blocks": "UnusedCode",
  "no-extra-bind": "UnusedCode",
  "no-extra-label": "UnusedCode",
  "no-useless-empty-export": "UnusedCode",
  // A backreference that always matches empty is a regex bug, not removable code (see no-useless-*).
  "no-useless-backreference": "ErrorProne",
  // Size and nesting limits.
  complexity: "Complexity",
  "max-classes-per-file": "Complexity",
  "max-depth": "Complexity",
  "max-lines": "Complexity",
  "max-lines-per-function": "Complexity",
  "max-nested-callbacks": "Complexity",
  "max-params": "Complexity",
  "max-statements": "Complexity",
  // Code that is correct but hard to follow.
  "no-nested-ternary": "Comprehensibility",
  "no-negated-condition": "Comprehensibility",
  "no-magic-numbers": "Comprehensibility",
  "no-multi-assign": "Comprehensibility",
  "no-implicit-coercion": "Comprehensibility",
  "id-length": "Comprehensibility",
  // Comments and JSDoc (require-jsdoc and valid-jsdoc only exist, deprecated, up to ESLint 8).
  "capitalized-comments": "Documentation",
  "require-jsdoc": "Documentation",
  "valid-jsdoc": "Documentation",
  "no-warning-comments": "Documentation",
  // Work repeated or serialised inside loops.
  "no-loop-func": "Performance",
  "no-await-in-loop": "Performance",
  // Syntax that strict mode or the standard forbids or that engines only keep for old code.
  "no-octal": "Compatibility",
  "no-octal-escape": "Compatibility",
  "no-nonoctal-decimal-escape": "Compatibility",
  "no-with": "Compatibility",
  "no-iterator": "Compatibility",
  "no-proto": "Compatibility",
  // Naming, ordering and notation choices with no effect on behaviour.
  camelcase: "CodeStyle",
  "id-match": "CodeStyle",
  "id-denylist": "CodeStyle",
  "new-cap": "CodeStyle",
  "func-names": "CodeStyle",
  "func-name-matching": "CodeStyle",
  "func-style": "CodeStyle",
  "sort-imports": "CodeStyle",
  "sort-keys": "CodeStyle",
  "sort-vars": "CodeStyle",
  "one-var": "CodeStyle",
  "arrow-body-style": "CodeStyle",
  curly: "CodeStyle",
  "dot-notation": "CodeStyle",
  "object-shorthand": "CodeStyle",
  "prefer-template": "CodeStyle",
  "multiline-comment-style": "CodeStyle",
  "line-comment-position": "CodeStyle",
  "no-inline-comments": "CodeStyle",
  "no-underscore-dangle": "CodeStyle",
  "naming-convention": "CodeStyle",
  "member-ordering": "CodeStyle",
  yoda: "CodeStyle"
}

/** A `no-useless-*` rule reports code that can be removed without changing behaviour. */
const isUselessCodeRule = (name: string): boolean => name.startsWith("no-useless-")

/**
 * Whether the rule is in the linter's recommended configuration. Core rules say `true`/`false`;
 * typescript-eslint names the first config that enables the rule (`"recommended"`, `"strict"`,
 * `"stylistic"`) or gives an object whose `recommended` key marks the recommended config. Only
 * the recommended config counts: strict and stylistic are opt-in.
 */
export const isRecommended = (rule: Rule): boolean => {
  // The security plugin recommends every rule of its own; none is among ours (SecurityPluginRules.ts).
  if (rule.origin === "security") return false
  const marker = rule.module.meta.docs?.recommended
  if (typeof marker === "boolean") return marker
  if (marker === "recommended") return true
  return typeof marker === "object" && marker !== null && "recommended" in marker && marker.recommended === true
}

/** typescript-eslint's own marker for rules that only choose between equivalent notations. */
const isStylistic = (rule: Rule): boolean => rule.module.meta.docs?.recommended === "stylistic"

export interface Classification {
  readonly category: Pattern.Category
  readonly subCategory?: string
}

export const classify = (rule: Rule): Classification => {
  if (rule.origin === "security") {
    const known = securityPluginRules[rule.name]
    if (known === undefined) throw new Error(`eslint-plugin-security's rule ${rule.name} has no sub-category and CWE in SecurityPluginRules.ts`)
    return { category: "Security", subCategory: known.subCategory }
  }
  const subCategory = security[rule.name]
  if (subCategory !== undefined) return { category: "Security", subCategory }
  const byName = categoryByName[rule.name]
  if (byName !== undefined) return { category: byName }
  if (isUselessCodeRule(rule.name)) return { category: "UnusedCode" }
  if (isStylistic(rule)) return { category: "CodeStyle" }
  return { category: categoryByType[rule.module.meta.type] }
}

/**
 * Severity from what the rule reports:
 * - `problem` in the recommended config → Error (the linter's authors consider it a likely bug);
 * - other `problem` rules → High (a possible bug, but one the authors left opt-in);
 * - `suggestion` → Warning (a better way to write working code);
 * - `layout` → Info (whitespace, semicolons and similar formatting);
 * - eslint-plugin-security's rules → Warning (a construct that may be unsafe).
 * - except code that does nothing (category UnusedCode) → Warning whatever its type: removing it
 *   tidies, and leaving it breaks nothing, so it is not an Error beside real bugs.
 * `level` carries the same value as `severityLevel`.
 */
export const severity = (rule: Rule): Pattern.SeverityLevel => {
  // A construct that may be unsafe, for a person to judge: not a certain bug.
  if (rule.origin === "security") return "Warning"
  if (classify(rule).category === "UnusedCode") return rule.module.meta.type === "layout" ? "Info" : "Warning"
  switch (rule.module.meta.type) {
    case "problem":
      return isRecommended(rule) ? "Error" : "High"
    case "suggestion":
      return "Warning"
    case "layout":
      return "Info"
  }
}

/**
 * Parameter defaults that differ from the rule's own, so that following a default issue never
 * breaks working code. In JavaScript a function's arity is observable (Express tells error
 * middleware by its four parameters, `Function.length` is read by libraries), so an unused
 * parameter is not reported by default; nor is an unused `catch` binding (older runtimes and
 * linters need it written). A repository can still set either back.
 */
export const harmlessDefaults: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // A binding beside a rest element (`const { a, ...rest } = o`) leaves `a` out of `rest`: removing it changes `rest`.
  "no-unused-vars": { args: "none", caughtErrors: "none", ignoreRestSiblings: "true" },
  // An empty `catch` is how JavaScript says "failure here is expected and ignored"; filling it changes nothing.
  "no-empty": { allowEmptyCatch: "true" },
  // `return` with no value in a getter says "nothing here" on purpose (koa's `length` without a
  // header); airbnb-base allows it too. A getter that never returns is still reported.
  "getter-return": { allowImplicit: "true" }
}

/**
 * Rules the linter's authors recommend that are off by default here: each reports code that is
 * written that way on purpose often enough that, measured on real repositories
 * (docs/real-repositories.md), most of its reports were noise, and following them would change a
 * published API or a deliberate test. A repository can enable them.
 * - `no-explicit-any`: `any` is TypeScript's deliberate escape hatch (casts to reach a symbol
 *   property, a library's public typings, where `unknown` would break its users' code).
 * - `ban-ts-comment`: a `@ts-expect-error` is how a test asserts that a call must not compile.
 * - `no-require-imports`: CommonJS TypeScript, and tests of a package's `require` entry point.
 */
export const offByDefault: ReadonlySet<string> = new Set(["no-explicit-any", "ban-ts-comment", "no-require-imports"])

/** Enabled for a repository nobody configured: recommended by the linter's authors and not in `offByDefault`. */
export const isEnabledByDefault = (rule: Rule): boolean => isRecommended(rule) && !offByDefault.has(rule.name)
