import { cacheKey } from "../CacheKey.js"

// Bump when this package changes how a source is checked in a way the options do not show (how
// a finding is kept, which are left out), so that older entries are never read again.
const cppcheckLintVersion = "tidemark-cppcheck-1"

/**
 * What Cppcheck reports while checking a source depends on its version, the options it runs with
 * (the severities enabled, the configurations checked), the source's path and content, and the
 * files it may include: `included` is the digest of the tree's headers (`treeDigest`), or of all
 * its C and C++ files for a source that includes another source.
 */
export const cppcheckLintKey = (version: string, options: string, path: string, content: string, included: string): string =>
  cacheKey([cppcheckLintVersion, `cppcheck ${version}`, options, included, path], content)
