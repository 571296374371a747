import { execFileSync } from "node:child_process"

/**
 * A linter's source read from a git repository (bare or not) at a revision, without checking it
 * out: how the catalogue is generated for tools that list no rules of their own (Ruff's WASM
 * build, ShellCheck).
 */

export const git = (gitDir: string, args: ReadonlyArray<string>, input?: string): string =>
  execFileSync("git", ["--git-dir", gitDir, ...args], { input, encoding: "utf8", maxBuffer: 1 << 30 })

/** Blobs of `rev:path` for each path, read through one `git cat-file --batch`. */
export const readBlobs = (gitDir: string, rev: string, paths: ReadonlyArray<string>): ReadonlyArray<string> => {
  const output = Buffer.from(
    execFileSync("git", ["--git-dir", gitDir, "cat-file", "--batch"], {
      input: paths.map((path) => `${rev}:${path}\n`).join(""),
      maxBuffer: 1 << 30
    })
  )
  const blobs: Array<string> = []
  let offset = 0
  while (offset < output.length) {
    const headerEnd = output.indexOf(0x0a, offset)
    const size = Number(output.subarray(offset, headerEnd).toString("utf8").split(" ")[2])
    blobs.push(output.subarray(headerEnd + 1, headerEnd + 1 + size).toString("utf8"))
    offset = headerEnd + 1 + size + 1
  }
  return blobs
}

/** The commit `rev` names, recorded so that a rerun can start from the same source. */
export const snapshotCommit = (gitDir: string, rev: string): string => git(gitDir, ["rev-parse", `${rev}^{commit}`]).trim()

/** The paths under `folder` at `rev` whose name ends with `suffix`. */
export const snapshotPaths = (gitDir: string, rev: string, folder: string, suffix: string): ReadonlyArray<string> =>
  git(gitDir, ["ls-tree", "-r", "--name-only", rev, "--", folder]).split("\n").filter((path) => path.endsWith(suffix))
