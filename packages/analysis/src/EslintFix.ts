import type { QuickFix } from "@tidemark/core"

/** ESLint's fix of a message: a range of the linted text and its replacement. */
export interface EslintFix {
  readonly range: readonly [number, number]
  readonly text: string
}

/**
 * ESLint's fix as edits of the file's content (as readSourceTree read it: without a byte order
 * mark, as ESLint counts too). Plain data, no import of the core at run time: the sandboxed linting
 * process uses it too.
 */
export const eslintFixOf = (fix: EslintFix | undefined): QuickFix.IssueFix | undefined =>
  fix === undefined || fix.range[0] < 0 || fix.range[1] < fix.range[0] ? undefined : [{ from: fix.range[0], to: fix.range[1], text: fix.text }]
