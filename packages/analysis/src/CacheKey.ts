import { createHash } from "node:crypto"

/**
 * A per-file cache key of a tool's results: everything that decides them — the scheme (bumped
 * when this package changes how a file is linted in a way the rest does not show), the tool's
 * version, its configuration, the path — then the file's content, hashed together so that no
 * two different inputs share a key.
 */
export const cacheKey = (parts: ReadonlyArray<string>, content: string): string =>
  createHash("sha256").update(`${parts.join("\0")}\0`).update(content).digest("hex")
