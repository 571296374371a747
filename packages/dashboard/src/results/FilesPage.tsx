import { useState } from "preact/hooks"
import type { ApiClient } from "../ApiClient.js"
import { RepositoryNav } from "../repositories/RepositoryNav.js"
import { hrefOf } from "../Route.js"
import { formatCount, formatPercent } from "../shared/Format.js"
import { useLastLoaded, useLoad } from "../shared/Load.js"
import { Pager } from "../shared/Pager.js"
import { Loaded } from "../shared/Status.js"
import { type FileListQuery, type FileSort, sortedBy } from "./FileListQuery.js"
import type { FileSummary } from "./Results.js"

export const filesPageSize = 25

/** The columns listFiles sorts by, in the table's order; numbers align right. */
const sortable: ReadonlyArray<readonly [FileSort, string, "num" | undefined]> = [
  ["filename", "File", undefined],
  ["grade", "Grade", undefined],
  ["issues", "Issues", "num"],
  ["complexity", "Complexity", "num"],
  ["duplication", "Duplicated lines", "num"],
  ["coverage", "Coverage", "num"]
]

const SortHeading = ({ name, query, sort, label, align }: {
  readonly name: string
  readonly query: FileListQuery
  readonly sort: FileSort
  readonly label: string
  readonly align: "num" | undefined
}) => {
  const current = query.sort === sort
  return (
    <th scope="col" class={align} aria-sort={current ? (query.direction === "asc" ? "ascending" : "descending") : undefined}>
      <a href={hrefOf({ page: "files", name, query: sortedBy(query, sort) })}>
        {label}
        {current ? <span aria-hidden="true">{query.direction === "asc" ? " ▲" : " ▼"}</span> : null}
      </a>
    </th>
  )
}

const Row = ({ name, file }: { readonly name: string; readonly file: FileSummary }) => (
  <tr>
    <th scope="row"><a href={hrefOf({ page: "file", name, fileId: file.fileId })}>{file.path}</a></th>
    <td class="grade" title={String(file.grade)}>{file.gradeLetter}</td>
    <td class="num">{formatCount(file.totalIssues)}</td>
    <td class="num">{formatCount(file.complexity)}</td>
    <td class="num">{formatCount(file.duplication)}</td>
    <td class="num">{formatPercent(file.coverageWithDecimals)}</td>
    <td class="num">{formatCount(file.numberOfClones)}</td>
    <td class="num">{formatCount(file.sourceLinesOfCode)}</td>
  </tr>
)

const FileTable = ({ name, query, files }: {
  readonly name: string
  readonly query: FileListQuery
  readonly files: ReadonlyArray<FileSummary>
}) => (
  <table class="files">
    <caption class="visually-hidden">Files with their measures; the linked headings sort by their column</caption>
    <thead>
      <tr>
        {sortable.map(([sort, label, align]) => <SortHeading key={sort} name={name} query={query} sort={sort} label={label} align={align} />)}
        <th scope="col" class="num">Clones</th>
        <th scope="col" class="num">Lines of code</th>
      </tr>
    </thead>
    <tbody>
      {files.map((file) => <Row key={file.fileId} name={name} file={file} />)}
    </tbody>
  </table>
)

const SearchForm = ({ name, query }: { readonly name: string; readonly query: FileListQuery }) => {
  const [search, setSearch] = useState(query.search)
  return (
    <form
      class="filters"
      role="search"
      onSubmit={(event) => {
        event.preventDefault()
        window.location.hash = hrefOf({ page: "files", name, query: { search: search.trim(), sort: query.sort, direction: query.direction } })
      }}
    >
      <div>
        <label for="file-search">Path contains</label>
        <input id="file-search" value={search} onInput={(e) => setSearch(e.currentTarget.value)} />
      </div>
      <button type="submit">Search</button>
    </form>
  )
}

/** The files of a repository's latest analysis (default branch) with their measures, sorted and searched by the API. */
export const FilesPage = ({ api, name, query }: { readonly api: ApiClient; readonly name: string; readonly query: FileListQuery }) => {
  const list = useLastLoaded(useLoad(
    (signal) => api.listFiles(name, { ...query, limit: filesPageSize }, signal),
    [api, name, query.search, query.sort, query.direction, query.cursor]
  ))
  const firstPage: FileListQuery = { search: query.search, sort: query.sort, direction: query.direction }
  return (
    <section aria-labelledby="files-title">
      <h1 id="files-title">Files of {name}</h1>
      <RepositoryNav name={name} current="files" />
      <SearchForm key={query.search} name={name} query={query} />
      <div aria-busy={list.busy}>
        <Loaded load={list.load}>
          {(page) => (
            <>
              <p class="total" role="status">
                {formatCount(page.pagination.total)} {page.pagination.total === 1 ? "file" : "files"}
                {query.search === "" ? "" : ` whose path contains “${query.search}”`}{query.cursor === undefined ? "" : " (a later page)"}.
              </p>
              {page.data.length === 0 ? null : <FileTable name={name} query={query} files={page.data} />}
              <Pager
                first={query.cursor === undefined ? undefined : hrefOf({ page: "files", name, query: firstPage })}
                next={page.pagination.cursor === undefined
                  ? undefined
                  : hrefOf({ page: "files", name, query: { ...firstPage, cursor: page.pagination.cursor } })}
              />
            </>
          )}
        </Loaded>
      </div>
    </section>
  )
}
