import { useState } from "preact/hooks"
import type { ApiClient } from "../ApiClient.js"
import { hrefOf } from "../Route.js"
import { Columns } from "../shared/Columns.js"
import { formatCount, formatText } from "../shared/Format.js"
import { useLoad } from "../shared/Load.js"
import { formatOrganization } from "../shared/Organization.js"
import { CursorPager } from "../shared/Pager.js"
import { Loaded } from "../shared/Status.js"
import { type DependencySummary, ecosystemOf, findingsText, licencesText, matching } from "./Dependencies.js"

/** Large, as the search box narrows only the page shown (the API takes no filter). */
export const dependenciesPageSize = 100

const Row = ({ dependency }: { readonly dependency: DependencySummary }) => (
  <tr>
    <th scope="row"><a href={hrefOf({ page: "dependency", fullName: dependency.fullName })}>{dependency.fullName}</a></th>
    <td>{formatText(ecosystemOf(dependency.purl))}</td>
    <td class="num">{formatCount(dependency.versionsCount)}</td>
    <td>{formatText(licencesText(dependency.licensesDetails))}</td>
    <td>{formatText(findingsText(dependency.findings))}</td>
    <td class="num">{formatCount(dependency.repositoriesCount)}</td>
  </tr>
)

/** The search box: applied on submit, kept in the URL so the page can be linked to. */
const SearchBox = ({ search, cursor }: { readonly search: string; readonly cursor: string | undefined }) => {
  const [text, setText] = useState(search)
  const submit = (event: Event) => {
    event.preventDefault()
    window.location.hash = hrefOf({ page: "dependencies", search: text.trim(), cursor })
  }
  return (
    <form role="search" onSubmit={submit}>
      <label>
        Package name
        <input type="search" value={text} onInput={(e) => setText((e.currentTarget as HTMLInputElement).value)} />
      </label>
      <button type="submit">Search this page</button>
    </form>
  )
}

/** The packages the organization's repositories pin, each with its versions, licences and open vulnerabilities. */
export const DependenciesPage = ({ api, search, cursor }: {
  readonly api: ApiClient
  readonly search: string
  readonly cursor: string | undefined
}) => {
  const load = useLoad((signal) => api.searchSbomDependencies({ cursor, limit: dependenciesPageSize }, signal), [api, cursor])
  return (
    <section aria-labelledby="dependencies-title">
      <h1 id="dependencies-title">Dependencies of {formatOrganization(api.organization)}</h1>
      <SearchBox key={search} search={search} cursor={cursor} />
      <Loaded load={load}>
        {(page) => {
          const shown = matching(page.data, search)
          return (
            <>
              <p class="total" role="status">
                {formatCount(page.overview.totalDependenciesCount)} {page.overview.totalDependenciesCount === 1 ? "package" : "packages"}
                {cursor === undefined ? "" : " (a later page)"}
                {search === "" ? "" : `; ${formatCount(shown.length)} of this page match “${search}”`}.
              </p>
              {shown.length === 0 ? null : (
                <table class="dependencies">
                  <caption class="visually-hidden">Dependencies, by severity of their open vulnerabilities</caption>
                  <Columns labels={["Package", "Ecosystem", "Versions", "Licences", "Vulnerabilities", "Repositories"]} />
                  <tbody>{shown.map((dependency) => <Row key={dependency.purl} dependency={dependency} />)}</tbody>
                </table>
              )}
              <CursorPager cursor={cursor} next={page.pagination.cursor} hrefAt={(at) => hrefOf({ page: "dependencies", search, cursor: at })} />
            </>
          )
        }}
      </Loaded>
    </section>
  )
}
