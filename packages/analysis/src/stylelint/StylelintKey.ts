import { cacheKey } from "../CacheKey.js"

// Bump when this package changes how a file is linted in a way the config does not show (e.g.
// which messages are kept), so that older entries are never read again.
const stylelintLintVersion = "tidemark-stylelint-1"

/**
 * The cache key of one file's messages: Stylelint's version, the whole config the file is linted
 * with (its canonical JSON: every rule with its options, the language options), the syntax it is
 * parsed with, its path and its content. Stylelint reads nothing but the text it is given (no
 * `referenceFiles`), so nothing else of the tree is needed.
 */
export const stylelintLintKey = (version: string, config: string, syntax: string, path: string, content: string): string =>
  cacheKey([stylelintLintVersion, `stylelint ${version}`, config, syntax, path], content)
