import { createHash } from "node:crypto"
import type { SourceFile } from "./SourceTree.js"

/**
 * A per-file cache key of a tool's results: everything that decides them — the scheme (bumped
 * when this package changes how a file is linted in a way the rest does not show), the tool's
 * version, its configuration, the path — then the file's content, hashed together so that no
 * two different inputs share a key.
 */
export const cacheKey = (parts: ReadonlyArray<string>, content: string): string =>
  createHash("sha256").update(`${parts.join("\0")}\0`).update(content).digest("hex")

/**
 * The paths and contents of files as one digest, whatever their order: a part of the key of a
 * file whose results depend on other files too (a script that sources another, a C source that
 * includes headers).
 */
export const treeDigest = (files: ReadonlyArray<SourceFile>): string => {
  const hash = createHash("sha256")
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    hash.update(`${file.path}\0${Buffer.byteLength(file.content, "utf8")}\0`).update(file.content)
  }
  return hash.digest("hex")
}
