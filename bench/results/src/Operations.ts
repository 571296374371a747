import { IssueViews, type Pattern, RepositoryFiles, RepositoryIssues } from "@tidemark/core"
import { Effect } from "effect"
import * as BenchRepository from "./BenchRepository.js"
import * as Dataset from "./Dataset.js"
import { repository } from "./Seed.js"

export type OperationKey =
  | "issuesFirstPage"
  | "issuesFiltered"
  | "issuesFilteredSecondPage"
  | "issuesAuthorLanguage"
  | "overview"
  | "overviewFiltered"
  | "filesFirstPage"
  | "filesByIssues"
  | "filesByIssuesSecondPage"
  | "filesSearch"

/** One call of a core service as the HTTP handler makes it, run again and again. */
export interface Operation {
  readonly key: OperationKey
  readonly title: string
  readonly run: Effect.Effect<unknown, unknown, RepositoryIssues.RepositoryIssues | RepositoryFiles.RepositoryFiles>
}

const at = BenchRepository.coordinates(repository)
const limit = 100
const levels: ReadonlyArray<Pattern.SeverityLevel> = ["Error", "High"]
const categories: ReadonlyArray<Pattern.Category> = ["ErrorProne", "Security"]
const filtered = new IssueViews.SearchRepositoryIssuesBody({ levels, categories })
const everything = new IssueViews.SearchRepositoryIssuesBody({})
/** A narrow filter: the keyset page walks far before it has 100 matches. */
const authorLanguage = new IssueViews.SearchRepositoryIssuesBody({ authorEmails: [Dataset.frequentAuthor], languages: ["Python"] })
const byIssues = { sort: "issues", direction: "desc", limit } as const

/** The cursor after a first page, as a client gets it. */
const cursorOf = <E, R>(first: Effect.Effect<{ readonly pagination: { readonly cursor?: string | undefined } }, E, R>) =>
  Effect.flatMap(first, (page) =>
    page.pagination.cursor === undefined
      ? Effect.dieMessage("the dataset has no second page to measure: raise BENCH_ISSUES or BENCH_FILES")
      : Effect.succeed(page.pagination.cursor))

/** The operations measured, in the order the tables show them. */
export const make = Effect.gen(function*() {
  const issues = yield* RepositoryIssues.RepositoryIssues
  const files = yield* RepositoryFiles.RepositoryFiles
  const search = (key: OperationKey, title: string, body: IssueViews.SearchRepositoryIssuesBody, cursor?: string): Operation => ({
    key,
    title: `searchRepositoryIssues, ${title}`,
    run: issues.search(BenchRepository.admin, at, body, cursor, limit)
  })
  const list = (key: OperationKey, title: string, query: RepositoryFiles.FileListQuery): Operation => ({
    key,
    title: `listFiles, ${title}`,
    run: files.list(BenchRepository.admin, at, query)
  })
  const filteredCursor = yield* cursorOf(issues.search(BenchRepository.admin, at, filtered, undefined, limit))
  const byIssuesCursor = yield* cursorOf(files.list(BenchRepository.admin, at, byIssues))
  const operations: ReadonlyArray<Operation> = [
    search("issuesFirstPage", "no filter, first page", everything),
    search("issuesFiltered", "levels Error+High & categories ErrorProne+Security, first page", filtered),
    search("issuesFilteredSecondPage", "same filter, second page (cursor)", filtered, filteredCursor),
    search("issuesAuthorLanguage", "one author & Python, first page", authorLanguage),
    { key: "overview", title: "issuesOverview, no filter", run: issues.overview(BenchRepository.admin, at, everything) },
    {
      key: "overviewFiltered",
      title: "issuesOverview, levels & categories as above",
      run: issues.overview(BenchRepository.admin, at, filtered)
    },
    list("filesFirstPage", "default sort (path), first page", { limit }),
    list("filesByIssues", "sort=issues desc, first page", byIssues),
    list("filesByIssuesSecondPage", "sort=issues desc, second page (cursor)", { ...byIssues, cursor: byIssuesCursor }),
    list("filesSearch", "search=\"payments/src/services\"", { search: "payments/src/services", limit })
  ]
  return operations
})
