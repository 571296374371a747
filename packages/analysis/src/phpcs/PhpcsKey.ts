import { cacheKey } from "../CacheKey.js"

// Bump when this package changes how a file is checked in a way the ruleset does not show (how a
// message is kept, how a repository's ruleset is made safe), so that older entries are never read again.
const phpcsLintVersion = "tidemark-phpcs-2"

/** What phpcs reports on a file depends on its version, the ruleset it runs with, and the file's path and content. */
export const phpcsLintKey = (version: string, ruleset: string, path: string, content: string): string =>
  cacheKey([phpcsLintVersion, `phpcs ${version}`, ruleset, path], content)
