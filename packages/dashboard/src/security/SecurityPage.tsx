import { useState } from "preact/hooks"
import type { ApiClient } from "../ApiClient.js"
import { hrefOf } from "../Route.js"
import { Columns } from "../shared/Columns.js"
import { formatCount, formatDay, formatText } from "../shared/Format.js"
import { useLastLoaded, useLoad } from "../shared/Load.js"
import { formatOrganization } from "../shared/Organization.js"
import { Metrics } from "../shared/Metrics.js"
import { CursorPager } from "../shared/Pager.js"
import { Loaded } from "../shared/Status.js"
import { toggled } from "../results/IssueFilters.js"
import { locationOf, overdueFirst, type SecurityCounts, type SecurityItem, statusLabels, type Status } from "./Security.js"
import { securityChoices, type SecurityFacet, type SecurityFilters } from "./SecurityFilters.js"

export const securityPageSize = 25

const titles: Readonly<Record<SecurityFacet, string>> = { priorities: "Priority", statuses: "Status", scanTypes: "Scan type", repositories: "Repository" }

const go = (filters: SecurityFilters) => {
  window.location.hash = hrefOf({ page: "security", filters })
}

const labelOf = (facet: SecurityFacet, value: string): string =>
  facet === "statuses" ? statusLabels[value as Status] : value

const Choices = ({ facet, filters }: { readonly facet: Exclude<SecurityFacet, "repositories">; readonly filters: SecurityFilters }) => (
  <fieldset class="facet" data-facet={facet}>
    <legend>{titles[facet]}</legend>
    {securityChoices[facet].map((value) => (
      <label key={value} class="check">
        <input type="checkbox" checked={filters[facet].includes(value)} onChange={() => go(toggled(filters, facet, value))} />
        <span class="facet-label">{labelOf(facet, value)}</span>
      </label>
    ))}
  </fieldset>
)

/** The repository filter: one name typed, applied on submit so each keystroke does not search. */
const RepositoryFilter = ({ filters }: { readonly filters: SecurityFilters }) => {
  const [text, setText] = useState(filters.repositories.join(", "))
  const submit = (event: Event) => {
    event.preventDefault()
    go({ ...filters, repositories: text.split(",").map((name) => name.trim()).filter((name) => name !== "") })
  }
  return (
    <form class="facet" onSubmit={submit}>
      <label>
        {titles.repositories} (names, comma-separated)
        <input type="search" value={text} onInput={(e) => setText((e.currentTarget as HTMLInputElement).value)} />
      </label>
      <button type="submit">Filter</button>
    </form>
  )
}

const Counts = ({ counts }: { readonly counts: SecurityCounts }) => (
  <Metrics
    items={[
      ["Open", formatCount(counts.totalOpen)],
      ["Overdue", formatCount(counts.overdue)],
      ["Due soon", formatCount(counts.dueSoon)],
      ["On track", formatCount(counts.onTrack)],
      ["Critical", formatCount(counts.openCritical)],
      ["High", formatCount(counts.openHigh)],
      ["Medium", formatCount(counts.openMedium)],
      ["Low", formatCount(counts.openLow)]
    ]}
  />
)

const Row = ({ item }: { readonly item: SecurityItem }) => (
  <tr class={item.status === "Overdue" ? "overdue" : undefined}>
    <td>{item.priority}</td>
    <td>{statusLabels[item.status]}</td>
    <th scope="row">{item.title}{item.cve === undefined ? null : <> <code>{item.cve}</code></>}</th>
    <td>{item.repository === undefined ? formatText(undefined) : <a href={hrefOf({ page: "repository", name: item.repository })}>{item.repository}</a>}</td>
    <td>{formatText(locationOf(item))}</td>
    <td>{formatText(item.scanType)}</td>
    <td>{formatDay(item.dueAt)}</td>
  </tr>
)

/**
 * The organization's security items (code findings, secrets, vulnerable dependencies) with their
 * deadlines, filtered in the URL, a page at a time; the organization's open counts above them.
 */
export const SecurityPage = ({ api, filters, cursor }: {
  readonly api: ApiClient
  readonly filters: SecurityFilters
  readonly cursor: string | undefined
}) => {
  const counts = useLoad((signal) => api.getSecurityDashboard(signal), [api])
  const items = useLastLoaded(useLoad(
    (signal) => api.searchSecurityItems(filters, { cursor, limit: securityPageSize }, signal),
    [api, hrefOf({ page: "security", filters, cursor })]
  ))
  return (
    <section aria-labelledby="security-title">
      <h1 id="security-title">Security of {formatOrganization(api.organization)}</h1>
      <Loaded load={counts}>{(value) => <Counts counts={value} />}</Loaded>
      <div class="filters">
        <Choices facet="priorities" filters={filters} />
        <Choices facet="statuses" filters={filters} />
        <Choices facet="scanTypes" filters={filters} />
        <RepositoryFilter key={filters.repositories.join(",")} filters={filters} />
      </div>
      <div aria-busy={items.busy}>
        <Loaded load={items.load}>
          {(page) => (
            <>
              <p class="total" role="status">
                {formatCount(page.pagination.total)} security {page.pagination.total === 1 ? "item" : "items"}
                {cursor === undefined ? "" : " (a later page)"}.
              </p>
              {page.data.length === 0 ? null : (
                <table class="security">
                  <caption class="visually-hidden">Security items, overdue first, then by due date</caption>
                  <Columns labels={["Priority", "Status", "Title", "Repository", "Where", "Scan", "Due"]} />
                  <tbody>{overdueFirst(page.data).map((item) => <Row key={item.id} item={item} />)}</tbody>
                </table>
              )}
              <CursorPager cursor={cursor} next={page.pagination.cursor} hrefAt={(at) => hrefOf({ page: "security", filters, cursor: at })} />
            </>
          )}
        </Loaded>
      </div>
    </section>
  )
}
