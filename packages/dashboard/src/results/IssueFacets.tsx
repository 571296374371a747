import { useState } from "preact/hooks"
import { hrefOf } from "../Route.js"
import { formatCount } from "../shared/Format.js"
import { type Facet, facets, facetValues, type IssueFilters, type OverviewRequest, toggled } from "./IssueFilters.js"
import type { IssuesOverview } from "./Results.js"

export const facetTitles: Readonly<Record<Facet, string>> = {
  levels: "Severity",
  categories: "Category",
  patternIds: "Pattern",
  languages: "Language",
  authorEmails: "Author"
}

/** An overview with the facets it counts (see `overviewRequests`). */
export interface CountedOverview {
  readonly request: OverviewRequest
  readonly overview: IssuesOverview
}

const go = (href: string) => {
  window.location.hash = href
}

const FacetBox = ({ name, facet, filters, overview }: {
  readonly name: string
  readonly facet: Facet
  readonly filters: IssueFilters
  readonly overview: IssuesOverview
}) => {
  const values = facetValues(overview, facet, filters)
  return (
    <fieldset class="facet" data-facet={facet}>
      <legend>{facetTitles[facet]}</legend>
      {values.length === 0 ? <p class="help">None known.</p> : null}
      {values.map((value, index) => {
        const id = `facet-${facet}-${index}`
        return (
          <label key={value.value} class="check" for={id} title={value.label === value.value ? undefined : value.value}>
            <input
              id={id}
              type="checkbox"
              checked={value.ticked}
              onChange={() => go(hrefOf({ page: "issues", name, filters: toggled(filters, facet, value.value) }))}
            />
            <span class="facet-label">{value.label}</span>
            <span class="facet-count">{formatCount(value.total)}</span>
          </label>
        )
      })}
    </fieldset>
  )
}

/**
 * The search body filters no file, so a file's issues are found through the files API: this
 * opens the files matching the text, most issues first, each leading to its page and its issues.
 */
const FileFinder = ({ name }: { readonly name: string }) => {
  const [search, setSearch] = useState("")
  return (
    <form
      class="facet"
      onSubmit={(event) => {
        event.preventDefault()
        go(hrefOf({ page: "files", name, query: { search: search.trim(), sort: "issues", direction: "desc" } }))
      }}
    >
      <label for="file-finder">File</label>
      <p id="file-finder-help" class="help">The files whose path holds this, most issues first.</p>
      <input id="file-finder" aria-describedby="file-finder-help" value={search} onInput={(e) => setSearch(e.currentTarget.value)} />
      <button type="submit">Find files</button>
    </form>
  )
}

/** The filters, each value ticked or not with how many issues it has (the API's count). */
export const IssueFacets = ({ name, filters, counted, busy }: {
  readonly name: string
  readonly filters: IssueFilters
  readonly counted: ReadonlyArray<CountedOverview>
  readonly busy: boolean
}) => (
  <aside class="facets" aria-label="Filters" aria-busy={busy}>
    {facets.map((facet) => {
      const overview = counted.find((c) => c.request.facets.includes(facet))?.overview
      return overview === undefined ? null : <FacetBox key={facet} name={name} facet={facet} filters={filters} overview={overview} />
    })}
    <FileFinder name={name} />
  </aside>
)
