import { cacheKey } from "../CacheKey.js"

// Bump when this package changes how a file is checked in a way the options do not show (which
// comments are kept, how a level is written), so that older entries are never read again.
const shellCheckLintVersion = "tidemark-shellcheck-2"

/**
 * What ShellCheck reports on a file depends on its version, the options it runs with (codes
 * included, optional checks, shell, source paths, the codes a `.shellcheckrc` disables), the
 * file's path and content — and, for a script that sources another, on the scripts it may read:
 * `sourced` is then the digest of the shell files given with it (`treeDigest`), empty otherwise.
 */
export const shellCheckLintKey = (version: string, options: string, path: string, content: string, sourced: string): string =>
  cacheKey([shellCheckLintVersion, `shellcheck ${version}`, options, sourced, path], content)
