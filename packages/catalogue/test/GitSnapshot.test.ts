import { execFileSync } from "node:child_process"
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { readBlobs, snapshotCommit, snapshotPaths } from "../scripts/GitSnapshot.js"

const work = mkdtempSync(join(tmpdir(), "tidemark-snapshot-"))
const run = (...args: ReadonlyArray<string>) =>
  execFileSync("git", ["-C", work, "-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { encoding: "utf8" })
mkdirSync(join(work, "src/ShellCheck/Checks"), { recursive: true })
writeFileSync(join(work, "src/ShellCheck/Parser.hs"), "parser\n")
writeFileSync(join(work, "src/ShellCheck/Checks/Commands.hs"), "commands ünïcode\n")
writeFileSync(join(work, "src/ShellCheck/README.md"), "not source\n")
run("init", "-q")
run("add", ".")
run("commit", "-qm", "one")
run("tag", "v1")
writeFileSync(join(work, "src/ShellCheck/Parser.hs"), "parser, later\n")
run("commit", "-qam", "two")
const gitDir = join(work, ".git")

afterAll(() => rmSync(work, { recursive: true, force: true }))

describe("GitSnapshot", () => {
  it("lists a folder's files of a suffix and reads them at a revision, not the working tree's", () => {
    const paths = snapshotPaths(gitDir, "v1", "src/ShellCheck", ".hs")
    expect(paths).toEqual(["src/ShellCheck/Checks/Commands.hs", "src/ShellCheck/Parser.hs"])
    expect(readBlobs(gitDir, "v1", paths)).toEqual(["commands ünïcode\n", "parser\n"])
    expect(readBlobs(gitDir, "HEAD", ["src/ShellCheck/Parser.hs"])).toEqual(["parser, later\n"])
  })

  it("names the commit a tag points to", () => {
    expect(snapshotCommit(gitDir, "v1")).toBe(run("rev-parse", "HEAD~1").trim())
  })
})
