import { GitReader } from "@tidemark/core"
import * as CommitLog from "./CommitLog.js"

/**
 * `git for-each-ref` fields of a branch and its head commit (CommitLog's fields), each closed by a
 * NUL (`%00`). A commit message may hold any character but NUL, so NUL-closed fields survive
 * multi-line messages; git ends every record with a newline, which therefore opens the next
 * record's refname (a refname never contains one).
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

/** Parses `git for-each-ref --format=<format> refs/heads` output; refs to non-commits are left out. */
export const parse = (output: string): Array<GitReader.GitBranch> =>
  CommitLog.records(output, fields.length).flatMap(
    ([ref = "", type = "", sha = "", authorName = "", authorEmail = "", date = "", parents = "", message = ""]) =>
      type === "commit" && ref.startsWith(branchPrefix)
        ? [
          new GitReader.GitBranch({
            name: ref.slice(branchPrefix.length),
            head: CommitLog.commitOf({ sha, authorName, authorEmail, commitTimestamp: date, parents, message })
          })
        ]
        : []
  )
