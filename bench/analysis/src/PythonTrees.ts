import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, join } from "node:path"

/** A Python repository's tree at one commit, as a checkout would have it (`git archive`, no `.git`). */
export interface PythonTree {
  readonly name: string
  readonly commit: string
  readonly root: string
}

const treesRoot = join(tmpdir(), "tidemark-bench-python")

// `owner+name/repo` (a mirror's layout) or `name.git` (a bare clone): the repository's name.
const nameOf = (gitDirectory: string) => {
  const base = basename(gitDirectory.replace(/\/+$/, ""))
  const parent = basename(join(gitDirectory, ".."))
  return base === "repo" || base === ".git" ? parent.replace(/^.*\+/, "") : base.replace(/\.git$/, "")
}

/**
 * The tree of a git directory's HEAD, extracted once per commit under the temporary directory
 * (a renamed scratch directory, so that an interrupted extraction is never taken for a tree).
 */
export const pythonTreeOf = (gitDirectory: string): PythonTree => {
  const commit = execFileSync("git", ["--git-dir", gitDirectory, "rev-parse", "HEAD"], { encoding: "utf8" }).trim()
  const name = nameOf(gitDirectory)
  const root = join(treesRoot, `${name}-${commit.slice(0, 12)}`)
  if (!existsSync(root)) {
    mkdirSync(treesRoot, { recursive: true })
    const scratch = mkdtempSync(join(treesRoot, "extract-"))
    try {
      const archive = execFileSync("git", ["--git-dir", gitDirectory, "archive", "--format=tar", "HEAD"], { maxBuffer: 1 << 30 })
      execFileSync("tar", ["-x", "-C", scratch], { input: archive })
      renameSync(scratch, root)
    } finally {
      rmSync(scratch, { recursive: true, force: true })
    }
  }
  return { name, commit, root }
}
