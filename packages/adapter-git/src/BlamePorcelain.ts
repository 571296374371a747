import { FileSource } from "@tidemark/core"

/**
 * `git blame --porcelain` output: every line of the file, each opened by a header naming the commit
 * that last changed it (`<sha> <original line> <final line> [<group size>]`). A commit's details
 * (`author-mail` among them) follow its header only the first time the commit appears, so they are
 * remembered by sha. The line itself comes last, behind a TAB, which no header line starts with.
 */

const header = /^([0-9a-f]{40}|[0-9a-f]{64}) \d+ (\d+)/

/** `<ada@example.org>` → `ada@example.org`; git writes `<>` for a commit without an email. */
const emailOf = (authorMail: string): string | undefined => {
  const email = authorMail.replace(/^<(.*)>$/, "$1")
  return email === "" ? undefined : email
}

export const parse = (output: string): Array<FileSource.FileLine> => {
  const emails = new Map<string, string | undefined>()
  const lines: Array<FileSource.FileLine> = []
  let sha = ""
  let number = 0
  // Split on `\n` only: a `\r` inside a line is part of its text (git splits lines on `\n` too).
  for (const row of output.split("\n")) {
    if (row.startsWith("\t")) {
      const authorEmail = emails.get(sha)
      const text = row.slice(1).replace(/\r$/, "")
      lines.push(FileSource.FileLine.make(authorEmail === undefined ? { number, text } : { number, text, authorEmail }))
      continue
    }
    const opened = header.exec(row)
    if (opened !== null) {
      sha = opened[1] ?? ""
      number = Number(opened[2])
    } else if (row.startsWith("author-mail ")) {
      emails.set(sha, emailOf(row.slice("author-mail ".length)))
    }
  }
  return lines
}
