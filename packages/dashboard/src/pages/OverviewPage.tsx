import type { ApiClient, RepositoryWithAnalysis } from "../Api.js"
import { Loaded } from "../components/Status.js"
import { formatCount, formatPercent, formatText } from "../Format.js"
import { goalChecks, goalSummary } from "../GoalStatus.js"
import { useLoad } from "../Load.js"
import { formatOrganization } from "../Organization.js"
import { hrefOf } from "../Route.js"

export const pageSize = 25

const Row = ({ repository }: { readonly repository: RepositoryWithAnalysis }) => {
  const checks = goalChecks(repository)
  return (
    <tr>
      <th scope="row">
        <a href={hrefOf({ page: "repository", name: repository.repository.name })}>{repository.repository.name}</a>
      </th>
      <td class="grade">{formatText(repository.gradeLetter)}</td>
      <td class="num">{formatCount(repository.issuesCount)}</td>
      <td class="num">{formatPercent(repository.complexFilesPercentage)}</td>
      <td class="num">{formatPercent(repository.duplicationPercentage)}</td>
      <td class="num">{formatPercent(repository.coverage?.coveragePercentage)}</td>
      <td title={checks.map((c) => `${c.label}: ${c.state}`).join("\n")}>{goalSummary(checks)}</td>
    </tr>
  )
}

/** The organization's repositories with their grades, one page at a time (keyset cursor in the URL). */
export const OverviewPage = ({ api, cursor }: { readonly api: ApiClient; readonly cursor: string | undefined }) => {
  const load = useLoad((signal) => api.listRepositories({ cursor, limit: pageSize }, signal), [api, cursor])
  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title">Repositories of {formatOrganization(api.organization)}</h1>
      <Loaded load={load}>
        {(page) => (
          <>
            <p>{page.pagination.total} repositories{cursor === undefined ? "" : " (a later page)"}.</p>
            <table class="repositories">
              <caption class="visually-hidden">Repositories with their analysis</caption>
              <thead>
                <tr>
                  <th scope="col">Repository</th>
                  <th scope="col">Grade</th>
                  <th scope="col">Issues</th>
                  <th scope="col">Complex files</th>
                  <th scope="col">Duplication</th>
                  <th scope="col">Coverage</th>
                  <th scope="col">Goals</th>
                </tr>
              </thead>
              <tbody>
                {page.data.map((repository) => <Row key={repository.repository.name} repository={repository} />)}
              </tbody>
            </table>
            <nav aria-label="Pages" class="pager">
              {cursor === undefined ? null : <a href={hrefOf({ page: "overview" })}>First page</a>}
              {page.pagination.cursor === undefined ? null : (
                <a href={hrefOf({ page: "overview", cursor: page.pagination.cursor })}>Next page</a>
              )}
            </nav>
          </>
        )}
      </Loaded>
    </section>
  )
}
