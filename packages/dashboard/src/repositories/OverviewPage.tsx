import type { ApiClient } from "../ApiClient.js"
import { hrefOf } from "../Route.js"
import { Columns } from "../shared/Columns.js"
import { formatPercent } from "../shared/Format.js"
import { useLoad } from "../shared/Load.js"
import { formatOrganization } from "../shared/Organization.js"
import { Pager } from "../shared/Pager.js"
import { Loaded } from "../shared/Status.js"
import { goalChecks, goalSummary } from "./GoalStatus.js"
import { GradeCell, issuesCountText } from "./GradeNotes.js"
import type { RepositoryWithAnalysis } from "./RepositoriesApi.js"

export const pageSize = 25

const Row = ({ repository }: { readonly repository: RepositoryWithAnalysis }) => {
  const checks = goalChecks(repository)
  return (
    <tr>
      <th scope="row">
        <a href={hrefOf({ page: "repository", name: repository.repository.name })}>{repository.repository.name}</a>
      </th>
      <td class="grade"><GradeCell repository={repository} /></td>
      <td class="num">{issuesCountText(repository)}</td>
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
              <Columns labels={["Repository", "Grade", "Issues", "Complex files", "Duplication", "Coverage", "Goals"]} />
              <tbody>
                {page.data.map((repository) => <Row key={repository.repository.name} repository={repository} />)}
              </tbody>
            </table>
            <Pager
              first={cursor === undefined ? undefined : hrefOf({ page: "overview" })}
              next={page.pagination.cursor === undefined ? undefined : hrefOf({ page: "overview", cursor: page.pagination.cursor })}
            />
          </>
        )}
      </Loaded>
    </section>
  )
}
