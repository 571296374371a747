import { cacheKey } from "../CacheKey.js"

// Bump when this package changes how a document is linted in a way the configuration does not show
// (which diagnostics are kept, the message's wording), so that older entries are never read again.
const spectralLintVersion = "tidemark-spectral-1"

/**
 * The cache key of one document's findings: the rulesets' and Spectral's versions, the whole
 * configuration (canonicalJson), the digest of the files its `$ref`s may reach (the tree's:
 * treeDigest), the path and the content. Nothing else is read: no `$ref` leaves the tree.
 */
export const spectralLintKey = (version: string, configuration: string, reachable: string, path: string, content: string): string =>
  cacheKey([spectralLintVersion, `spectral ${version}`, configuration, reachable, path], content)
