import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, relative } from "node:path"

/**
 * The corpus the measures are checked on: real public code from npm, ~184 000 lines. ESLint's
 * package (JavaScript, its type declarations, JSON, Markdown), the TypeScript sources of
 * @effect/platform (its compiled dist/ would only repeat src/) and the Python of node-gyp's gyp.
 */
const packages: ReadonlyArray<{ readonly spec: string; readonly dir: string; readonly members: ReadonlyArray<string> }> = [
  { spec: "eslint@9.39.5", dir: "eslint-9.39.5", members: ["package"] },
  { spec: "@effect/platform@0.97.2", dir: "effect-platform-0.97.2", members: ["package/src"] },
  { spec: "node-gyp@12.4.0", dir: "node-gyp-12.4.0", members: ["package/gyp"] }
]

/** Names this corpus, so that answers cached for another one are never read for it. */
export const corpusId = createHash("sha256").update(JSON.stringify(packages)).digest("hex").slice(0, 12)

/** Downloaded once per machine, outside the repository (no tarball is committed). */
export const cacheRoot = join(tmpdir(), "tidemark-analysis")

export const corpusRoot = join(cacheRoot, `corpus-${corpusId}`)

/**
 * An npm package's tarball (`members` of it) unpacked at `target`, unless it is there already.
 * Test files run in parallel, so several may download the same package: the first rename wins.
 */
export const fetchNpmPackage = (spec: string, target: string, members: ReadonlyArray<string>) => {
  if (existsSync(target)) return
  mkdirSync(dirname(target), { recursive: true })
  const scratch = mkdtempSync(join(cacheRoot, "download-"))
  try {
    const tarball = execFileSync("npm", ["pack", spec, "--silent", "--pack-destination", scratch], { encoding: "utf8" })
      .trim().split("\n").pop() ?? ""
    execFileSync("tar", ["-xzf", join(scratch, tarball), "-C", scratch, ...members])
    try {
      renameSync(join(scratch, "package"), target)
    } catch (error) {
      if (!existsSync(target)) throw error
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

export const ensureCorpus = (): string => {
  for (const { dir, members, spec } of packages) fetchNpmPackage(spec, join(corpusRoot, dir), members)
  return corpusRoot
}

export interface CorpusFile {
  /** Relative to the corpus root, with `/`. */
  readonly path: string
  readonly content: string
}

const walk = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]
  )

export const readCorpus = (root: string): ReadonlyArray<CorpusFile> =>
  [...walk(root)].sort().map((file) => ({ path: relative(root, file), content: readFileSync(file, "utf8") }))
