import { GitReader } from "@tidemark/core"

/**
 * `git log` placeholders of a commit's fields, each closed by a NUL (`%x00`): a message may hold
 * any character but NUL. `tformat` ends every record with a newline, which therefore opens the
 * next record's sha. `%cI` is `%(committerdate:iso-strict)` of `for-each-ref` (see BranchHeads).
 */
const fields = ["%H", "%an", "%ae", "%cI", "%P", "%B"] as const

export const format = `tformat:${fields.map((field) => `${field}%x00`).join("")}`

/** Removes the angle brackets `for-each-ref` keeps around emails (`:trim` needs git 2.33). */
const bareEmail = (email: string) => email.replace(/^<(.*)>$/, "$1")

/** A commit from the fields git prints for it, in either command's rendering. */
export const commitOf = (printed: {
  readonly sha: string
  readonly authorName: string
  readonly authorEmail: string
  readonly commitTimestamp: string
  /** Space-separated, as `%P` and `%(parent)` print them. */
  readonly parents: string
  /** As printed, trailing newlines included. */
  readonly message: string
}): GitReader.GitCommit =>
  new GitReader.GitCommit({
    sha: printed.sha,
    authorName: printed.authorName,
    authorEmail: bareEmail(printed.authorEmail),
    commitTimestamp: printed.commitTimestamp,
    message: printed.message.replace(/\n+$/, ""),
    parents: printed.parents.split(" ").filter((parent) => parent.length > 0)
  })

/**
 * The records of NUL-closed fields git prints, `width` fields each; the newline git ends a record
 * with is removed from the start of the next one.
 */
export const records = (output: string, width: number): Array<Array<string>> => {
  const values = output.split("\0")
  const rows: Array<Array<string>> = []
  for (let start = 0; start + width <= values.length; start += width) {
    const row = values.slice(start, start + width)
    rows.push([row[0]?.replace(/^\n/, "") ?? "", ...row.slice(1)])
  }
  return rows
}

/** Parses `git log --format=<format>` output, in git's order. */
export const parse = (output: string): Array<GitReader.GitCommit> =>
  records(output, fields.length).map(([sha = "", authorName = "", authorEmail = "", commitTimestamp = "", parents = "", message = ""]) =>
    commitOf({ sha, authorName, authorEmail, commitTimestamp, parents, message })
  )
