import { cacheKey } from "../CacheKey.js"

// Bump when this package changes how a file is checked in a way the options do not show (how an
// offence is kept, how the configuration is made safe), so that older entries are never read again.
const rubocopLintVersion = "tidemark-rubocop-2"

/**
 * What RuboCop reports on a file depends on its version, the options it runs with (the cops
 * enabled, or the configuration made of the repository's), the file's path and content, and the
 * files it reads the Ruby version from (`versions`: their digest, `treeDigest`).
 */
export const rubocopLintKey = (version: string, options: string, path: string, content: string, versions: string): string =>
  cacheKey([rubocopLintVersion, `rubocop ${version}`, options, versions, path], content)
