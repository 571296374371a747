import { cacheKey } from "../CacheKey.js"
import { canonicalJson } from "../CanonicalJson.js"
import type { RuffOptions } from "./RuffWasm.js"

// Bump when this package changes how a file is checked in a way the options do not show (e.g.
// which diagnostics are kept), so that older entries are never read again.
const ruffLintVersion = "tidemark-ruff-2"

/** The options as one text, whatever the order their keys were written in. */
export const canonicalOptions = (options: RuffOptions): string => canonicalJson(options)

/**
 * The cache key of one file's diagnostics: Ruff's version, the whole options the Workspace was
 * made of (per-file ignores included), the path and the content. A Workspace reads nothing but
 * the text it checks, so nothing else of the tree is needed.
 */
export const ruffLintKey = (version: string, options: string, path: string, content: string): string =>
  cacheKey([ruffLintVersion, `ruff ${version}`, options, path], content)
