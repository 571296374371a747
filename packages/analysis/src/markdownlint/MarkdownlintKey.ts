import { cacheKey } from "../CacheKey.js"

// Bump when this package changes how a file is linted in a way the configuration does not show
// (the message's wording, which findings are kept), so that older entries are never read again.
const markdownlintLintVersion = "tidemark-markdownlint-1"

/**
 * The cache key of one file's findings: markdownlint's version, the whole configuration the file
 * is linted with (canonicalJson), the path and the content. markdownlint reads nothing but the
 * text it lints and the configuration (an inline `markdownlint-configure-file` is in the text).
 */
export const markdownlintLintKey = (version: string, configuration: string, path: string, content: string): string =>
  cacheKey([markdownlintLintVersion, `markdownlint ${version}`, configuration, path], content)
