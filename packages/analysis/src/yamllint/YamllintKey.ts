import { cacheKey } from "../CacheKey.js"

// Bump when this package changes how a file is checked in a way the configuration does not show
// (how a problem is kept, how a configuration is made safe), so that older entries are never read again.
const yamllintLintVersion = "tidemark-yamllint-2"

/** What yamllint reports on a file depends on its version, the configuration it runs with, and the file's path and content. */
export const yamllintLintKey = (version: string, configuration: string, path: string, content: string): string =>
  cacheKey([yamllintLintVersion, `yamllint ${version}`, configuration, path], content)
