/**
 * The cells an issue's row shares wherever issues are listed (a repository's issues, a pull
 * request's new and fixed ones): kept to a row or two each, so that a table of them reads down.
 */
import type { ComponentChildren } from "preact"
import type { Issue } from "./Results.js"

/**
 * The message with the text of its line under it: the line in monospace on one line, cut with an
 * ellipsis where the column ends (the whole line in its tooltip). Leading indentation is dropped:
 * in a narrow column it would push the code out of sight.
 */
export const MessageCell = ({ issue, children }: {
  readonly issue: Pick<Issue, "message" | "lineText">
  /** What a list offers on the issue (its ignore), under the line: the widest cell has room for it. */
  readonly children?: ComponentChildren
}) => {
  const line = issue.lineText.trim()
  return (
    <td class="message">
      <span class="issue-message">{issue.message}</span>
      {line === "" ? null : <code class="line-text" title={line}>{line}</code>}
      {children}
    </td>
  )
}

/** The pattern: its title cut to two lines (some rules' titles are a sentence), the whole title and the id in the tooltip. */
export const PatternCell = ({ pattern }: { readonly pattern: Issue["patternInfo"] }) => (
  <td class="pattern" title={pattern.title === undefined ? pattern.id : `${pattern.title}\n${pattern.id}`}>
    <span class="pattern-title">{pattern.title ?? pattern.id}</span>
  </td>
)
