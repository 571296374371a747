import { describe, expect, it } from "@effect/vitest"
import { Analyses, FileSource, IssueAuthors, IssueViews, RepositoryAnalysis, RepositoryIssues } from "@tidemark/core"
import { Effect } from "effect"
import { drain, withWorker } from "./fixtures/FakeAnalysis.js"
import { FakeBlame } from "./fixtures/FakeFileLines.js"
import { mainHead } from "./fixtures/FakeGitReader.js"
import { addRepository, adminCaller, repo } from "./fixtures/TestLayer.js"

const gitUrl = "https://git.example.org/acme/widgets.git"
const ada = "ada@example.org"
const bob = "bob@example.org"

/** The issues of widgets' latest analysis (the fake analyzer's: src/app.ts, lines 1 to 3) with their authors. */
const authoredIssues = (authorEmails?: ReadonlyArray<string>) =>
  Effect.flatMap(RepositoryIssues.RepositoryIssues, (issues) =>
    issues.search(adminCaller, repo("widgets"), new IssueViews.SearchRepositoryIssuesBody(authorEmails === undefined ? {} : { authorEmails })))
    .pipe(Effect.map((page) => page.items.map((issue) => issue.lineNumber)))

const overviewAuthors = Effect.flatMap(RepositoryIssues.RepositoryIssues, (issues) =>
  issues.overview(adminCaller, repo("widgets"), new IssueViews.SearchRepositoryIssuesBody({}))).pipe(
    Effect.map((overview) => overview.counts.authors.map((c) => [c.name, c.total]))
  )

describe("issue authors", () => {
  it.effect("each issue gets the author of its line from the blame of its file, asked once for the files with issues", () =>
    withWorker(Effect.gen(function*() {
      const blame = yield* FakeBlame
      yield* blame.serve(mainHead.sha, "src/app.ts", [
        FileSource.FileLine.make({ number: 1, text: "line 1", authorEmail: ada }),
        FileSource.FileLine.make({ number: 2, text: "line 2", authorEmail: bob }),
        FileSource.FileLine.make({ number: 3, text: "line 3", authorEmail: ada })
      ])
      yield* addRepository("widgets", { gitUrl })
      yield* drain

      expect(yield* blame.reads).toEqual([["src/app.ts"]])
      expect(yield* authoredIssues([bob])).toEqual([2])
      expect(yield* authoredIssues([ada])).toEqual([1, 3])
      expect(yield* authoredIssues([ada, bob])).toEqual([1, 2, 3])
      expect(yield* overviewAuthors).toEqual([[ada, 2], [bob, 1]])
    })))

  it.effect("a file blame cannot read, or a repository it cannot reach, leaves its issues without authors; the analysis stands", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets", { gitUrl })
      yield* drain
      expect(yield* authoredIssues()).toEqual([1, 2, 3])
      expect(yield* authoredIssues([ada])).toEqual([])
      expect(yield* overviewAuthors).toEqual([])

      yield* Effect.flatMap(FakeBlame, (blame) => blame.refuse(gitUrl, "remote end hung up"))
      yield* Effect.flatMap(Analyses.Analyses, (analyses) => analyses.request(adminCaller, repo("widgets"), undefined))
      yield* drain
      expect(yield* Effect.flatMap(FakeBlame, (blame) => blame.reads)).toEqual([["src/app.ts"], ["src/app.ts"]])
      const shown = yield* Effect.flatMap(RepositoryAnalysis.RepositoryAnalysis, (analysis) => analysis.get(adminCaller, repo("widgets"), undefined))
      expect(shown.issuesCount).toBe(3)
      expect(shown.repository.problems).toEqual([])
      expect(yield* overviewAuthors).toEqual([])
    })))

  it.effect("findings without a file to blame ask nothing", () =>
    withWorker(Effect.gen(function*() {
      const authors = yield* Effect.provide(IssueAuthors.IssueAuthors, IssueAuthors.IssueAuthors.Default)
      expect(yield* authors.withAuthors(gitUrl, mainHead.sha, [])).toEqual([])
      expect(yield* Effect.flatMap(FakeBlame, (blame) => blame.reads)).toEqual([])
    })))
})
