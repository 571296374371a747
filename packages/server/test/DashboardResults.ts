/**
 * The issues, files and file pages as the API says they should read: the dashboard end-to-end
 * suite fetches the API's answers and formats them here as each page shows them (with the
 * dashboard's own `Format.ts`), to compare with what Chromium shows.
 */
import { expect } from "vitest"
import { formatCount, formatPercent, formatText } from "../../dashboard/src/shared/Format.js"
import type { Clone, FileDetails, FileSource, FileSummary, Issue, IssuesOverview, LineCoverage } from "../../dashboard/src/results/Results.js"

export interface PageJson<A> {
  readonly data: ReadonlyArray<A>
  readonly pagination: { readonly cursor?: string; readonly limit: number; readonly total: number }
}

/** The body a search sends: the facets ticked. */
export type Filters = Partial<Record<Facet, ReadonlyArray<string>>>

/** The API as the token sees it; every answer but the optional ones must be 200. */
export const resultsApi = (url: string, token: string, organization: string, repository: string) => {
  const analysis = `/api/v3/analysis/organizations/${organization}/repositories/${repository}`
  const files = `/api/v3/organizations/${organization}/repositories/${repository}/files`
  const call = async (path: string, json?: unknown) => {
    const response = await fetch(`${url}${path}`, json === undefined
      ? { headers: { "api-token": token } }
      : { method: "POST", headers: { "api-token": token, "content-type": "application/json" }, body: JSON.stringify(json) })
    const body: unknown = await response.json()
    return { status: response.status, body }
  }
  const ok = async <A>(path: string, json?: unknown): Promise<A> => {
    const reply = await call(path, json)
    expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(200)
    return reply.body as A
  }
  /** An operation that has nothing for the file: 404. */
  const unlessMissing = async <A>(path: string): Promise<A | undefined> => {
    const reply = await call(path)
    if (reply.status === 404) return undefined
    expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(200)
    return (reply.body as { readonly data: A }).data
  }
  const query = (params: Readonly<Record<string, string | undefined>>) =>
    new URLSearchParams(Object.entries(params).flatMap(([key, value]): Array<[string, string]> => (value === undefined ? [] : [[key, value]])))
      .toString()
  return {
    search: (filters: Filters, cursor?: string) =>
      ok<PageJson<Issue>>(`${analysis}/issues/search?${query({ limit: "25", cursor })}`, filters),
    overview: (filters: Filters) => ok<{ readonly data: IssuesOverview }>(`${analysis}/issues/overview`, filters).then((r) => r.data),
    files: (params: Readonly<Record<string, string>> = {}) => ok<PageJson<FileSummary>>(`${files}?${query({ limit: "25", ...params })}`),
    file: async (fileId: number) => {
      const [details, issues, clones] = await Promise.all([
        ok<FileDetails>(`${files}/${fileId}`),
        ok<PageJson<Issue>>(`${files}/${fileId}/issues?limit=100`),
        ok<PageJson<Clone>>(`${files}/${fileId}/duplication?limit=100`)
      ])
      return {
        details,
        issues,
        clones: clones.data,
        coverage: await unlessMissing<ReadonlyArray<LineCoverage>>(`${files}/${fileId}/coverage`),
        source: await unlessMissing<FileSource>(`${analysis}/files/${fileId}/source`)
      }
    }
  }
}

export type ResultsApi = ReturnType<typeof resultsApi>
export type FileJson = Awaited<ReturnType<ResultsApi["file"]>>

// ---- The issues page -------------------------------------------------------------------------

/** An issue's message cell: the message, and its line's text under it (indentation dropped). */
export const messageCell = (issue: Issue) => `${issue.message}${issue.lineText.trim()}`

/** A row of the issues table: file, line, message (with its line, and the issue's ignore), pattern, severity, category, language. */
export const issueRow = (issue: Issue) => [
  issue.filePath,
  String(issue.lineNumber),
  `${messageCell(issue)}Ignore…`,
  issue.patternInfo.title ?? issue.patternInfo.id,
  issue.patternInfo.level,
  issue.patternInfo.category,
  issue.language
]

export const issuesTotal = (total: number, filtered: boolean) =>
  `${formatCount(total)} ${total === 1 ? "issue" : "issues"}${filtered ? " match these filters" : ""}.`

export type Facet = "levels" | "categories" | "patternIds" | "languages" | "authorEmails"

const facetTitles = [
  ["levels", "Severity"],
  ["categories", "Category"],
  ["patternIds", "Pattern"],
  ["languages", "Language"],
  ["authorEmails", "Author"]
] as const

const counted = (overview: IssuesOverview, facet: Facet) => {
  const { counts } = overview
  switch (facet) {
    case "levels":
      return counts.levels.map((c) => ({ value: c.name, label: c.name, total: c.total }))
    case "categories":
      return counts.categories.map((c) => ({ value: c.name, label: c.name, total: c.total }))
    case "languages":
      return counts.languages.map((c) => ({ value: c.name, label: c.name, total: c.total }))
    case "authorEmails":
      return counts.authors.map((c) => ({ value: c.name, label: c.name, total: c.total }))
    case "patternIds":
      return counts.patterns.map((p) => ({
        value: p.id,
        // Two tools' patterns may share a title: the page tells them apart by their ids.
        label: p.title === "" ? p.id : counts.patterns.some((o) => o.id !== p.id && o.title === p.title) ? `${p.title} (${p.id})` : p.title,
        total: p.total
      }))
  }
}

/**
 * The filters as they should read: each facet counted by the overview of `overviewOf(facet)`
 * (the test says which filters each facet's counts are taken with), its ticked values checked.
 */
export const facetsExpected = (filters: Filters, overviewOf: (facet: Facet) => IssuesOverview) =>
  facetTitles.map(([facet, title]) => [
    title,
    counted(overviewOf(facet), facet).map((c) => [c.label, formatCount(c.total), (filters[facet] ?? []).includes(c.value)])
  ])

// ---- The files and file pages ----------------------------------------------------------------

/** A row of the files table: file, grade, issues, complexity, duplicated lines, coverage, clones, lines of code. */
export const fileRow = (file: FileSummary) => [
  file.path,
  file.gradeLetter,
  formatCount(file.totalIssues),
  formatCount(file.complexity),
  formatCount(file.duplication),
  formatPercent(file.coverageWithDecimals),
  formatCount(file.numberOfClones),
  formatCount(file.sourceLinesOfCode)
]

export const fileMeasures = ({ details }: FileJson) => {
  const { coverage, metrics, quality } = details
  return [
    ["Grade", `${formatText(quality?.gradeLetter)}${quality === undefined ? "" : ` (${quality.grade})`}`],
    ["Issues", formatCount(quality?.totalIssues)],
    ["Complexity", formatCount(quality?.complexity)],
    ["Lines", formatCount(metrics?.linesOfCode)],
    ["Comment lines", formatCount(metrics?.commentedLinesOfCode)],
    ["Methods", formatCount(metrics?.numberOfMethods)],
    ["Duplicated lines", formatCount(quality?.duplicatedLinesOfCode)],
    ["Clones", formatCount(quality?.duplication)],
    [
      "Coverage",
      `${formatPercent(coverage?.coverage)}${
        coverage === undefined ? "" : ` (${formatCount(coverage.coveredLines)} of ${formatCount(coverage.coverableLines)} lines)`
      }`
    ]
  ]
}

const lines = (from: number, to: number) => (from === to ? `line ${from}` : `lines ${from}–${to}`)

/** Each occurrence of a clone in the file, with where else its code stands, as the page lists them. */
export const cloneTexts = (fileId: number, clones: ReadonlyArray<Clone>) =>
  clones
    .flatMap((clone) =>
      clone.occurrences.filter((o) => o.fileId === fileId).map((here) => ({
        here,
        others: clone.occurrences.filter((o) => o !== here)
      }))
    )
    .sort((a, b) => a.here.fromLine - b.here.fromLine)
    .map(({ here, others }) =>
      lines(here.fromLine, here.toLine) +
      (others.length === 0 ? "" : ` also in ${others.map((o) => `${o.path} ${lines(o.fromLine, o.toLine)}`).join(", ")}`)
    )

/** What must hold of the file page's lines: every issue on its line, every counted line's hits, the clones marked. */
export const expectLines = (
  rows: ReadonlyArray<{ readonly id: string; readonly hits: string; readonly duplicated: boolean; readonly code: string; readonly messages: ReadonlyArray<string> }>,
  file: FileJson
) => {
  const row = (line: number) => rows.find((r) => r.id === `L${line}`)
  for (const issue of file.issues.data) {
    expect(row(issue.lineNumber)?.messages).toContain(issue.message)
    expect(row(issue.lineNumber)?.code).toBe(file.source?.lines.find((l) => l.number === issue.lineNumber)?.text ?? issue.lineText)
  }
  expect(rows.flatMap((r) => r.messages)).toHaveLength(file.issues.pagination.total)
  for (const entry of file.coverage ?? []) expect(row(entry.line)?.hits).toBe(`${entry.hits}×`)
  expect(rows.filter((r) => r.hits !== "")).toHaveLength(file.coverage?.length ?? 0)
  const cloned = new Set(
    file.clones.flatMap((clone) =>
      clone.occurrences
        .filter((o) => o.fileId === file.details.file.fileId)
        .flatMap((o) => Array.from({ length: o.toLine - o.fromLine + 1 }, (_, i) => `L${o.fromLine + i}`))
    )
  )
  expect(rows.filter((r) => r.duplicated).map((r) => r.id)).toEqual(rows.map((r) => r.id).filter((id) => cloned.has(id)))
  if (file.source !== undefined) expect(rows.map((r) => r.id)).toEqual(file.source.lines.map((l) => `L${l.number}`))
}
