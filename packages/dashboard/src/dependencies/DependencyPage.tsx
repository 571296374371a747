import type { ApiClient } from "../ApiClient.js"
import { hrefOf } from "../Route.js"
import { Columns } from "../shared/Columns.js"
import { formatCount, formatText } from "../shared/Format.js"
import { useLoad } from "../shared/Load.js"
import { Metrics } from "../shared/Metrics.js"
import { CursorPager } from "../shared/Pager.js"
import { Loaded } from "../shared/Status.js"
import { type DependencyRepository, ecosystemOf, licencesText } from "./Dependencies.js"

export const dependencyPageSize = 25

const Row = ({ repository }: { readonly repository: DependencyRepository }) => (
  <tr>
    <th scope="row"><a href={hrefOf({ page: "repository", name: repository.name })}>{repository.name}</a></th>
    <td>{repository.dependencyVersion}</td>
    <td>{formatText(licencesText(repository.licensesDetails))}</td>
    <td>{formatText(repository.highestFindingSeverity)}</td>
  </tr>
)

/** One package: the versions pinned across the organization, and the repositories pinning it. */
export const DependencyPage = ({ api, fullName, cursor }: {
  readonly api: ApiClient
  readonly fullName: string
  readonly cursor: string | undefined
}) => {
  const load = useLoad(
    (signal) => api.searchRepositoriesOfSbomDependency(fullName, { cursor, limit: dependencyPageSize }, signal),
    [api, fullName, cursor]
  )
  return (
    <section aria-labelledby="dependency-title">
      <h1 id="dependency-title">Package {fullName}</h1>
      <p><a href={hrefOf({ page: "dependencies", search: "" })}>All dependencies</a></p>
      <Loaded load={load}>
        {(page) => (
          <>
            <Metrics
              items={[
                ["Ecosystem", formatText(ecosystemOf(page.overview.purl))],
                ["Latest version", formatText(page.overview.latestVersion)],
                ["Oldest version", formatText(page.overview.oldestVersion)],
                ["Versions", formatCount(page.overview.totalVersionsCount)],
                ["Repositories", formatCount(page.overview.totalRepositoriesCount)]
              ]}
            />
            <table class="dependency-repositories">
              <caption class="visually-hidden">Repositories pinning {fullName}</caption>
              <Columns labels={["Repository", "Version", "Licences", "Worst open vulnerability"]} />
              <tbody>{page.data.map((repository) => <Row key={repository.id} repository={repository} />)}</tbody>
            </table>
            <CursorPager cursor={cursor} next={page.pagination.cursor} hrefAt={(at) => hrefOf({ page: "dependency", fullName, cursor: at })} />
          </>
        )}
      </Loaded>
    </section>
  )
}
