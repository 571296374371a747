import type { Grammars } from "./Grammars.js"
import type { ParsedLanguage } from "./Language.js"
import { scriptComplexity } from "./ScriptComplexity.js"
import { treeSitterComplexity } from "./TreeSitterComplexity.js"
import type { FileComplexity } from "./FileComplexity.js"

export type { FileComplexity, FunctionComplexity } from "./FileComplexity.js"

/**
 * Cyclomatic complexity of every function of one file, and of the file. JavaScript and TypeScript
 * go through TypeScript's own parser, the one typescript-eslint uses: tree-sitter's TypeScript
 * grammar misreads some valid code (a generic call signature after a member of a type literal
 * without a semicolon), and ESLint's count must be matched on every function.
 */
export const complexityOf = (
  grammars: Grammars,
  language: ParsedLanguage,
  path: string,
  content: string
): FileComplexity =>
  language === "JavaScript" || language === "TypeScript"
    ? scriptComplexity(path, content)
    : treeSitterComplexity(grammars, language, content)
