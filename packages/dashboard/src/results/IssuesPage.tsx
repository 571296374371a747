import { useState } from "preact/hooks"
import type { ApiClient } from "../ApiClient.js"
import { RepositoryNav } from "../repositories/RepositoryNav.js"
import { hrefOf } from "../Route.js"
import { Columns } from "../shared/Columns.js"
import { formatCount } from "../shared/Format.js"
import { useLastLoaded, useLoad } from "../shared/Load.js"
import { Pager } from "../shared/Pager.js"
import { Loaded } from "../shared/Status.js"
import { type CountedOverview, IssueFacets } from "./IssueFacets.js"
import { isFiltered, type IssueFilters, overviewRequests, searchBody } from "./IssueFilters.js"
import { MessageCell, PatternCell } from "./IssueCells.js"
import { LevelBadge } from "./LevelBadge.js"
import type { Issue } from "./Results.js"
import { IgnoreForm } from "../triage/IgnoreForm.js"
import type { IgnoreReason } from "../triage/Triage.js"

export const issuesPageSize = 25

/** What a row's ignore needs: the call, and what to do once the server answered. */
interface Triage {
  readonly ignore: (issueId: string, reason: IgnoreReason, comment: string) => Promise<void>
  readonly onIgnored: () => void
}

const Row = ({ name, issue, triage }: { readonly name: string; readonly issue: Issue; readonly triage: Triage }) => (
  <tr>
    <td><a href={hrefOf({ page: "file", name, fileId: issue.fileId, line: issue.lineNumber })}>{issue.filePath}</a></td>
    <td class="num">{issue.lineNumber}</td>
    <MessageCell issue={issue}>
      <IgnoreForm issueId={issue.issueId} label={`${issue.filePath}:${issue.lineNumber}`} ignore={triage.ignore} onDone={triage.onIgnored} />
    </MessageCell>
    <PatternCell pattern={issue.patternInfo} />
    <td><LevelBadge level={issue.patternInfo.level} /></td>
    <td>{issue.patternInfo.category}</td>
    <td>{issue.language}</td>
  </tr>
)

const IssueTable = ({ name, issues, triage }: { readonly name: string; readonly issues: ReadonlyArray<Issue>; readonly triage: Triage }) => (
  <table class="issues">
    <caption class="visually-hidden">Issues, by file and line</caption>
    <Columns labels={["File", "Line", "Message", "Pattern", "Severity", "Category", "Language"]} />
    <tbody>
      {issues.map((issue) => <Row key={issue.resultDataId} name={name} issue={issue} triage={triage} />)}
    </tbody>
  </table>
)

/**
 * The issues of a repository's latest analysis (its default branch), filtered and paged by the
 * API; beside each filter value, its count from issuesOverview.
 */
export const IssuesPage = ({ api, name, filters, cursor }: {
  readonly api: ApiClient
  readonly name: string
  readonly filters: IssueFilters
  readonly cursor: string | undefined
}) => {
  // The route makes new filter objects on every change of the hash: compare what they hold.
  const filterKey = JSON.stringify(filters)
  // An issue ignored leaves the list and the counts: both are read again.
  const [version, setVersion] = useState(0)
  const triage: Triage = {
    ignore: (issueId, reason, comment) => api.ignoreIssue(name, issueId, reason, comment),
    onIgnored: () => setVersion((v) => v + 1)
  }
  const list = useLastLoaded(useLoad(
    (signal) => api.searchIssues(name, searchBody(filters), { cursor, limit: issuesPageSize }, signal),
    [api, name, filterKey, cursor, version]
  ))
  const counts = useLastLoaded(useLoad(
    (signal) =>
      Promise.all(overviewRequests(filters).map(async (request): Promise<CountedOverview> => ({
        request,
        overview: await api.issuesOverview(name, request.body, signal)
      }))),
    [api, name, filterKey, version]
  ))
  return (
    <section aria-labelledby="issues-title">
      <h1 id="issues-title">Issues of {name}</h1>
      <RepositoryNav name={name} current="issues" />
      <div class="with-facets">
        <Loaded load={counts.load}>
          {(counted) => <IssueFacets name={name} filters={filters} counted={counted} busy={counts.busy} />}
        </Loaded>
        <div aria-busy={list.busy}>
          <Loaded load={list.load}>
            {(page) => (
              <>
                <p class="total" role="status">
                  {formatCount(page.pagination.total)} {page.pagination.total === 1 ? "issue" : "issues"}
                  {isFiltered(filters) ? " match these filters" : ""}{cursor === undefined ? "" : " (a later page)"}.
                </p>
                {page.data.length === 0 ? null : <IssueTable name={name} issues={page.data} triage={triage} />}
                <Pager
                  first={cursor === undefined ? undefined : hrefOf({ page: "issues", name, filters })}
                  next={page.pagination.cursor === undefined ? undefined : hrefOf({ page: "issues", name, filters, cursor: page.pagination.cursor })}
                />
              </>
            )}
          </Loaded>
        </div>
      </div>
    </section>
  )
}
