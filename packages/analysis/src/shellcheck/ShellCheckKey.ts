import { createHash } from "node:crypto"
import { cacheKey } from "../CacheKey.js"
import type { SourceFile } from "../SourceTree.js"

// Bump when this package changes how a file is checked in a way the options do not show (which
// comments are kept, how a level is written), so that older entries are never read again.
const shellCheckLintVersion = "tidemark-shellcheck-1"

/**
 * What ShellCheck reports on a file depends on its version, the options it runs with (codes
 * included, optional checks, shell, source paths, the codes a `.shellcheckrc` disables), the
 * file's path and content — and, for a script that sources another, on the scripts it may read:
 * `sourced` is then the digest of the shell files given with it (`treeDigest`), empty otherwise.
 */
export const shellCheckLintKey = (version: string, options: string, path: string, content: string, sourced: string): string =>
  cacheKey([shellCheckLintVersion, `shellcheck ${version}`, options, sourced, path], content)

/** The paths and contents of the files a run is given, as one digest. */
export const treeDigest = (files: ReadonlyArray<SourceFile>): string => {
  const hash = createHash("sha256")
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    hash.update(`${file.path}\0${Buffer.byteLength(file.content, "utf8")}\0`).update(file.content)
  }
  return hash.digest("hex")
}
