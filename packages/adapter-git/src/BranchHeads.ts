import { GitBranch, GitCommit } from "@tidemark/core"

/**
 * `git for-each-ref` fields, each closed by a NUL (`%00`). A commit message may hold any character
 * but NUL, so NUL-closed fields survive multi-line messages; git ends every record with a newline,
 * which therefore opens the next record's refname (a refname never contains one).
 */
const fields = [
  "%(refname)",
  "%(objecttype)",
  "%(objectname)",
  "%(authorname)",
  "%(authoremail)",
  // The same rendering as `git log --format=%cI`: strict ISO 8601 in the committer's offset.
  "%(committerdate:iso-strict)",
  "%(parent)",
  "%(contents)"
] as const

export const format = fields.map((field) => `${field}%00`).join("")

const branchPrefix = "refs/heads/"

/** Removes the angle brackets git keeps around emails (`:trim` needs git 2.33). */
const bareEmail = (email: string) => email.replace(/^<(.*)>$/, "$1")

/** Parses `git for-each-ref --format=<format> refs/heads` output; refs to non-commits are left out. */
export const parse = (output: string): Array<GitBranch> => {
  const values = output.split("\0")
  const branches: Array<GitBranch> = []
  for (let start = 0; start + fields.length <= values.length; start += fields.length) {
    const [refname = "", type = "", sha = "", authorName = "", authorEmail = "", date = "", parents = "", message = ""] =
      values.slice(start, start + fields.length)
    const ref = refname.replace(/^\n/, "")
    if (type !== "commit" || !ref.startsWith(branchPrefix)) continue
    branches.push(
      new GitBranch({
        name: ref.slice(branchPrefix.length),
        head: new GitCommit({
          sha,
          authorName,
          authorEmail: bareEmail(authorEmail),
          commitTimestamp: date,
          message: message.replace(/\n+$/, ""),
          parents: parents.split(" ").filter((parent) => parent.length > 0)
        })
      })
    )
  }
  return branches
}
