import type { GrammarLanguage } from "./Grammars.js"

/**
 * What counts in one language's cyclomatic complexity, in tree-sitter node types. A decision is
 * either a named node (`if_statement`) or an operator token under a given parent (`&&` under
 * `binary_expression`), so the walk reads node types only and never builds node objects for them.
 */
export interface ComplexityRules {
  /** Nodes that open a function of their own (its complexity starts at 1). */
  readonly functions: ReadonlySet<string>
  readonly decisions: ReadonlySet<string>
  /** Parent type → the tokens under it that each add one. */
  readonly decisionTokens: ReadonlyMap<string, ReadonlySet<string>>
}

const logical = new Set(["&&", "||"])

/** McCabe as radon and mccabe count it: branches, loops, handlers, comprehension clauses, and/or. */
const python: ComplexityRules = {
  functions: new Set(["function_definition", "lambda"]),
  decisions: new Set([
    "if_statement",
    "elif_clause",
    "for_statement",
    "while_statement",
    "except_clause",
    "except_group_clause",
    "conditional_expression",
    "boolean_operator",
    "for_in_clause",
    "if_clause",
    "case_clause"
  ]),
  decisionTokens: new Map()
}

/** ESLint's decisions (see ScriptComplexity) for the constructs Java has; PMD's cyclomatic rule agrees. */
const java: ComplexityRules = {
  functions: new Set(["method_declaration", "constructor_declaration", "compact_constructor_declaration", "lambda_expression"]),
  decisions: new Set([
    "if_statement",
    "ternary_expression",
    "for_statement",
    "enhanced_for_statement",
    "while_statement",
    "do_statement",
    "catch_clause"
  ]),
  decisionTokens: new Map<string, ReadonlySet<string>>([
    ["binary_expression", logical],
    ["switch_label", new Set(["case"])]
  ])
}

/** gocyclo's rule: if, for, each non-default case, each `&&`/`||`. */
const go: ComplexityRules = {
  functions: new Set(["function_declaration", "method_declaration", "func_literal"]),
  decisions: new Set(["if_statement", "for_statement", "expression_case", "type_case", "communication_case"]),
  decisionTokens: new Map<string, ReadonlySet<string>>([["binary_expression", logical]])
}

export const complexityRules: Record<GrammarLanguage, ComplexityRules> = {
  Python: python,
  Java: java,
  Go: go
}
