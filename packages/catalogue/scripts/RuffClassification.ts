import type { Pattern } from "@tidemark/core"
import { Schema } from "effect"

/**
 * How a Ruff rule is placed in the catalogue. Ruff groups its rules by the linter they were
 * ported from, and a linter's rules share a purpose (pyflakes finds mistakes, pydocstyle checks
 * docstrings), so the category comes from the linter, refined by code prefix where a linter mixes
 * purposes. Ruff publishes no severity; it follows from the category, except for the codes that
 * report code Python refuses to compile or run.
 */

/** Category of every rule of a linter, keyed by Ruff's own name for the linter. */
export const categoryByLinter: Readonly<Record<string, Pattern.Category>> = {
  Airflow: "Compatibility",
  eradicate: "UnusedCode",
  FastAPI: "BestPractice",
  "flake8-2020": "Compatibility",
  "flake8-annotations": "BestPractice",
  "flake8-async": "ErrorProne",
  "flake8-bandit": "Security",
  "flake8-blind-except": "ErrorProne",
  "flake8-boolean-trap": "Comprehensibility",
  "flake8-bugbear": "ErrorProne",
  "flake8-builtins": "ErrorProne",
  "flake8-commas": "CodeStyle",
  "flake8-comprehensions": "BestPractice",
  "flake8-copyright": "Documentation",
  "flake8-datetimez": "ErrorProne",
  "flake8-debugger": "ErrorProne",
  "flake8-django": "BestPractice",
  "flake8-errmsg": "BestPractice",
  "flake8-executable": "BestPractice",
  "flake8-fixme": "Documentation",
  "flake8-future-annotations": "Compatibility",
  "flake8-gettext": "ErrorProne",
  "flake8-implicit-str-concat": "CodeStyle",
  "flake8-import-conventions": "CodeStyle",
  "flake8-logging": "BestPractice",
  "flake8-logging-format": "BestPractice",
  "flake8-no-pep420": "BestPractice",
  "flake8-pie": "BestPractice",
  "flake8-print": "BestPractice",
  "flake8-pyi": "BestPractice",
  "flake8-pytest-style": "CodeStyle",
  "flake8-quotes": "CodeStyle",
  "flake8-raise": "CodeStyle",
  "flake8-return": "BestPractice",
  "flake8-self": "BestPractice",
  "flake8-simplify": "Comprehensibility",
  "flake8-slots": "BestPractice",
  "flake8-tidy-imports": "CodeStyle",
  "flake8-todos": "Documentation",
  "flake8-type-checking": "BestPractice",
  "flake8-unused-arguments": "UnusedCode",
  "flake8-use-pathlib": "BestPractice",
  flynt: "CodeStyle",
  isort: "CodeStyle",
  mccabe: "Complexity",
  "NumPy-specific rules": "Compatibility",
  "pandas-vet": "BestPractice",
  "pep8-naming": "CodeStyle",
  Perflint: "Performance",
  pycodestyle: "CodeStyle",
  pydoclint: "Documentation",
  pydocstyle: "Documentation",
  Pyflakes: "ErrorProne",
  "pygrep-hooks": "BestPractice",
  Pylint: "BestPractice",
  pyupgrade: "CodeStyle",
  refurb: "BestPractice",
  "Ruff-specific rules": "BestPractice",
  tryceratops: "BestPractice"
}

/**
 * Codes whose linter's category does not fit them; the longest matching prefix wins. Pylint
 * splits its messages by letter (E error, W warning, C convention, R refactor) and keeps its
 * size limits (`too-many-*`) under R09; pyflakes and bugbear have a few rules about dead code;
 * bugbear's B9xx are its opinionated, opt-in checks.
 */
export const categoryByCodePrefix: Readonly<Record<string, Pattern.Category>> = {
  E71: "ErrorProne", // comparisons to None/True/False, `not x in y`
  E72: "ErrorProne", // type comparison, bare except
  E74: "Comprehensibility", // ambiguous names `l`, `O`, `I`
  E9: "ErrorProne", // source that cannot be read or parsed
  W6: "ErrorProne", // invalid escape sequences
  F401: "UnusedCode",
  F811: "UnusedCode",
  F841: "UnusedCode",
  F842: "UnusedCode",
  B007: "UnusedCode",
  B018: "UnusedCode",
  B9: "BestPractice",
  PLC: "CodeStyle",
  PLE: "ErrorProne",
  PLR09: "Complexity",
  RUF100: "UnusedCode"
}

/**
 * Codes reported as Error: the flake8 selection `E9,F63,F7,F82` that CI setups use to stop a
 * build (syntax and I/O errors, invalid comparisons and asserts, statements outside their
 * context, undefined names), plus Pylint's E messages, which report code that fails at run time.
 */
export const errorCodePrefixes: ReadonlyArray<string> = ["E9", "F63", "F7", "F82", "PLE"]

/** Severity of a rule not in `errorCodePrefixes`, by its category: style and docs only inform. */
export const severityByCategory: Readonly<Record<Pattern.Category, Pattern.SeverityLevel>> = {
  Security: "Warning",
  ErrorProne: "Warning",
  CodeStyle: "Info",
  Compatibility: "Warning",
  UnusedCode: "Warning",
  Complexity: "Warning",
  Comprehensibility: "Warning",
  Documentation: "Info",
  BestPractice: "Warning",
  Performance: "Warning"
}

const longestPrefixMatch = <A>(table: Readonly<Record<string, A>>, code: string): A | undefined => {
  const prefix = Object.keys(table)
    .filter((candidate) => code.startsWith(candidate))
    .sort((a, b) => b.length - a.length)[0]
  return prefix === undefined ? undefined : table[prefix]
}

/** A linter Ruff gained after the table was written: the generator stops until it is classified. */
export class UnclassifiedLinter extends Schema.TaggedError<UnclassifiedLinter>()("UnclassifiedLinter", {
  linter: Schema.String
}) {}

/** The category of `code`, a rule of the linter Ruff calls `linter`. */
export const ruffCategory = (linter: string, code: string): Pattern.Category => {
  const byCode = longestPrefixMatch(categoryByCodePrefix, code)
  if (byCode !== undefined) return byCode
  const byLinter = categoryByLinter[linter]
  if (byLinter === undefined) throw new UnclassifiedLinter({ linter })
  return byLinter
}

export const ruffSeverity = (code: string, category: Pattern.Category): Pattern.SeverityLevel =>
  errorCodePrefixes.some((prefix) => code.startsWith(prefix)) ? "Error" : severityByCategory[category]
