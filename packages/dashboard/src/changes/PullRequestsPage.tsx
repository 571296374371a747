import type { ApiClient } from "../ApiClient.js"
import { RepositoryNav } from "../repositories/RepositoryNav.js"
import { hrefOf } from "../Route.js"
import { Columns } from "../shared/Columns.js"
import { formatCount, formatInstant, formatText } from "../shared/Format.js"
import { useLoad } from "../shared/Load.js"
import { Pager } from "../shared/Pager.js"
import { Loaded } from "../shared/Status.js"
import type { PullRequestWithAnalysis } from "./Changes.js"
import { pullRequestVerdict } from "./ChangeWords.js"
import { VerdictBadge } from "./VerdictBadge.js"

export const pullRequestsPageSize = 25

/** `topic/x → main`; a dash for a side the server does not know. */
export const branchesOf = (pr: PullRequestWithAnalysis["pullRequest"]) =>
  `${formatText(pr.originBranch)} → ${formatText(pr.targetBranch)}`

const Row = ({ name, pr }: { readonly name: string; readonly pr: PullRequestWithAnalysis }) => {
  const href = hrefOf({ page: "pullRequest", name, number: pr.pullRequest.number })
  return (
    <tr>
      <td class="num"><a href={href}>#{pr.pullRequest.number}</a></td>
      <th scope="row"><a href={href}>{pr.pullRequest.title}</a></th>
      <td>{pr.pullRequest.owner.name}</td>
      <td>{branchesOf(pr.pullRequest)}</td>
      <td>{pr.pullRequest.status}</td>
      <td>
        <VerdictBadge verdict={pullRequestVerdict(pr)} />
        {pr.meta.analyzable || pr.meta.reason === undefined ? null : <span class="verdict-reason">{pr.meta.reason}</span>}
      </td>
      <td class="num">{formatCount(pr.newIssues)}</td>
      <td class="num">{formatCount(pr.fixedIssues)}</td>
      <td>{formatInstant(pr.pullRequest.updated)}</td>
    </tr>
  )
}

/** A repository's pull requests, each with its gate's verdict and what it added and fixed. */
export const PullRequestsPage = ({ api, name, cursor }: {
  readonly api: ApiClient
  readonly name: string
  readonly cursor: string | undefined
}) => {
  const list = useLoad((signal) => api.listPullRequests(name, { cursor, limit: pullRequestsPageSize }, signal), [api, name, cursor])
  return (
    <section aria-labelledby="pull-requests-title">
      <h1 id="pull-requests-title">Pull requests of {name}</h1>
      <RepositoryNav name={name} current="pullRequests" />
      <Loaded load={list}>
        {(page) => (
          <>
            <p class="total" role="status">
              {formatCount(page.pagination.total)} {page.pagination.total === 1 ? "pull request" : "pull requests"}
              {cursor === undefined ? "" : " (a later page)"}.
            </p>
            {page.data.length === 0 ? null : (
              <table class="pull-requests">
                <caption class="visually-hidden">Pull requests with their verdicts</caption>
                <Columns labels={["Number", "Title", "Author", "Branches", "Status", "Verdict", "New issues", "Fixed issues", "Updated"]} />
                <tbody>
                  {page.data.map((pr) => <Row key={pr.pullRequest.number} name={name} pr={pr} />)}
                </tbody>
              </table>
            )}
            <Pager
              first={cursor === undefined ? undefined : hrefOf({ page: "pullRequests", name })}
              next={page.pagination.cursor === undefined ? undefined : hrefOf({ page: "pullRequests", name, cursor: page.pagination.cursor })}
            />
          </>
        )}
      </Loaded>
    </section>
  )
}
