import { cacheKey } from "../CacheKey.js"

// Bump when this package changes how Go is checked in a way the options do not show.
const goLintVersion = "tidemark-go-2"

/**
 * What a Go analyser reports on a file depends on its version and the go command's, the checks it
 * runs, the file's path and content, and the rest of its module — the package's other files and
 * those of the packages it imports, its go.mod and go.sum: `module` is their digest (`treeDigest`).
 */
export const goLintKey = (tool: string, versions: string, options: string, path: string, content: string, module: string): string =>
  cacheKey([goLintVersion, tool, versions, options, module, path], content)
