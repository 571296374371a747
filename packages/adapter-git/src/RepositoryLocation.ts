import { Either } from "effect"

/** Where git fetches a repository from, as git must be told. */
export interface RepositoryLocation {
  /** A resolved absolute path, a `file://` URL or a remote URL. */
  readonly source: string
  /** Whether fetching goes over the network (then a blobless clone saves transfer). */
  readonly remote: boolean
}

const remoteSchemes = new Set(["http", "https", "ssh", "git"])

const urlScheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//
// `<transport>::<address>` makes git run a remote helper (`ext::` runs any command).
const transportPrefix = /^[A-Za-z][A-Za-z0-9+.-]*::/
// git's own rule for the scp-like syntax `[user@]host:path`: a colon before the first slash.
const scpLike = /^[^/:]+:/

/**
 * Classifies what a caller gave as a repository address. A local path is resolved with `resolve`
 * (relative to the working directory) so that equal paths share one cache entry.
 */
export const parse = (
  url: string,
  resolve: (path: string) => string
): Either.Either<RepositoryLocation, string> => {
  const address = url.trim()
  if (address.length === 0) {
    return Either.left("the repository URL is empty")
  }
  const scheme = urlScheme.exec(address)?.[1]?.toLowerCase()
  if (scheme !== undefined) {
    if (scheme === "file") return Either.right({ source: address, remote: false })
    if (remoteSchemes.has(scheme)) return Either.right({ source: address, remote: true })
    return Either.left(`unsupported URL scheme "${scheme}" (use a path, file://, http(s)://, ssh:// or git://)`)
  }
  if (transportPrefix.test(address)) {
    return Either.left("git remote-helper addresses (<transport>::<address>) are not supported")
  }
  if (scpLike.test(address)) {
    return Either.right({ source: address, remote: true })
  }
  return Either.right({ source: resolve(address), remote: false })
}
