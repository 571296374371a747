import { cacheKey } from "../CacheKey.js"

// Bump when this package changes how a file is checked in a way the configuration does not show.
const pylintLintVersion = "tidemark-pylint-1"

/**
 * What Pylint reports on a file depends on its version, the configuration it runs with, the file's
 * path and content, and the other Python files of the tree (its inference reads the modules a file
 * imports): `tree` is their digest.
 */
export const pylintLintKey = (version: string, configuration: string, path: string, content: string, tree: string): string =>
  cacheKey([pylintLintVersion, `pylint ${version}`, configuration, path, tree], content)
