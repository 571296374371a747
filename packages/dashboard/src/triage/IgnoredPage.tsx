import { useState } from "preact/hooks"
import type { ApiClient } from "../ApiClient.js"
import { RepositoryNav } from "../repositories/RepositoryNav.js"
import { hrefOf } from "../Route.js"
import { Columns } from "../shared/Columns.js"
import { formatCount, formatInstant, formatText, shortSha } from "../shared/Format.js"
import { useLastLoaded, useLoad } from "../shared/Load.js"
import { Pager } from "../shared/Pager.js"
import { Loaded } from "../shared/Status.js"
import { MessageCell, PatternCell } from "../results/IssueCells.js"
import { LevelBadge } from "../results/LevelBadge.js"
import { UnignoreButton } from "./IgnoreForm.js"
import { type IgnoredIssue, reasonLabels } from "./Triage.js"

export const ignoredPageSize = 25

const where = (issue: IgnoredIssue) => `${issue.filePath}${issue.lineNumber === undefined ? "" : `:${issue.lineNumber}`}`

const Row = ({ api, name, issue, onChange }: {
  readonly api: ApiClient
  readonly name: string
  readonly issue: IgnoredIssue
  readonly onChange: () => void
}) => (
  <tr>
    <td>
      {issue.fileId === undefined
        ? issue.filePath
        : <a href={hrefOf({ page: "file", name, fileId: issue.fileId, line: issue.lineNumber })}>{issue.filePath}</a>}
    </td>
    <td class="num">{formatCount(issue.lineNumber)}</td>
    <MessageCell issue={issue} />
    <PatternCell pattern={issue.patternInfo} />
    <td><LevelBadge level={issue.patternInfo.level} /></td>
    <td class="reason">
      <span class="ignore-reason">{issue.reason === undefined ? formatText(undefined) : reasonLabels[issue.reason]}</span>
      {issue.comment === undefined ? null : <span class="ignore-comment">{issue.comment}</span>}
    </td>
    <td class="ignored-by">
      <span>{formatText(issue.ignoredByName)}</span>
      <span>{formatInstant(issue.ignoredTimestamp)}</span>
      {issue.commitInfo === undefined ? null : <code title={issue.commitInfo.sha}>{shortSha(issue.commitInfo.sha)}</code>}
    </td>
    <td><UnignoreButton issueId={issue.issueId} label={where(issue)} unignore={(id) => api.unignoreIssue(name, id)} onDone={onChange} /></td>
  </tr>
)

/**
 * The Ignored tab: the issues of the default branch's latest analysis that are ignored (by
 * themselves or with their file), who ignored them, when and why, each with its un-ignore.
 */
export const IgnoredPage = ({ api, name, cursor }: { readonly api: ApiClient; readonly name: string; readonly cursor: string | undefined }) => {
  const [version, setVersion] = useState(0)
  const list = useLastLoaded(useLoad((signal) => api.ignoredIssues(name, { cursor, limit: ignoredPageSize }, signal), [api, name, cursor, version]))
  const reload = () => setVersion((v) => v + 1)
  return (
    <section aria-labelledby="ignored-title">
      <h1 id="ignored-title">Ignored issues of {name}</h1>
      <RepositoryNav name={name} current="ignored" />
      <div aria-busy={list.busy}>
        <Loaded load={list.load}>
          {(page) => (
            <>
              <p class="total" role="status">
                {formatCount(page.pagination.total)} ignored {page.pagination.total === 1 ? "issue" : "issues"}
                {cursor === undefined ? "" : " (a later page)"}. They count in no number, grade or gate.
              </p>
              {page.data.length === 0 ? null : (
                <table class="issues ignored">
                  <caption class="visually-hidden">Ignored issues, by file and line</caption>
                  <Columns labels={["File", "Line", "Message", "Pattern", "Severity", "Reason", "Ignored", "Action"]} />
                  <tbody>
                    {page.data.map((issue) => <Row key={issue.issueId} api={api} name={name} issue={issue} onChange={reload} />)}
                  </tbody>
                </table>
              )}
              <Pager
                first={cursor === undefined ? undefined : hrefOf({ page: "ignored", name })}
                next={page.pagination.cursor === undefined ? undefined : hrefOf({ page: "ignored", name, cursor: page.pagination.cursor })}
              />
            </>
          )}
        </Loaded>
      </div>
    </section>
  )
}
