import { createHash } from "node:crypto"
import type { RuffOptions } from "./RuffWasm.js"

// Bump when this package changes how a file is checked in a way the options do not show (e.g.
// which diagnostics are kept), so that older entries are never read again.
const ruffLintVersion = "tidemark-ruff-1"

const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : typeof value === "object" && value !== null
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, item]) => [key, canonical(item)]))
    : value

/** The options as one text, whatever the order their keys were written in. */
export const canonicalOptions = (options: RuffOptions): string => JSON.stringify(canonical(options))

/**
 * The cache key of one file's diagnostics: Ruff's version, the whole options the Workspace was
 * made of (per-file ignores included), the path and the content. A Workspace reads nothing but
 * the text it checks, so nothing else of the tree is needed.
 */
export const ruffLintKey = (version: string, options: string, path: string, content: string): string =>
  createHash("sha256").update(`${ruffLintVersion}\0ruff ${version}\0${options}\0${path}\0`).update(content).digest("hex")
