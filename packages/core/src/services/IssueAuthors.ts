import { Effect, Either } from "effect"
import type { IssueFinding } from "../domain/AnalysisResults.js"
import type { FileSource } from "../domain/FileSource.js"
import { FileLines } from "../ports/FileLines.js"

/** Each line's author email by path and line number, from the files blame gave. */
const authorsByLine = (sources: ReadonlyArray<FileSource>) =>
  new Map(sources.map((source) =>
    [source.path, new Map(source.lines.flatMap((line) => line.authorEmail === undefined ? [] : [[line.number, line.authorEmail]]))]
  ))

const make = Effect.gen(function*() {
  const fileLines = yield* FileLines

  /**
   * Gives each finding the author of the commit that last changed its line, blaming only the lines
   * that have findings. Authors are a filter and a count, not a measure: a file git cannot blame
   * keeps its findings without an author, as do all of them when the commit cannot be had, and the
   * analysis goes on either way.
   */
  const withAuthors = (gitUrl: string, commitSha: string, findings: ReadonlyArray<IssueFinding>): Effect.Effect<ReadonlyArray<IssueFinding>> =>
    Effect.gen(function*() {
      const lines = new Map<string, Array<number>>()
      for (const finding of findings) {
        const some = lines.get(finding.filePath) ?? []
        some.push(finding.line)
        lines.set(finding.filePath, some)
      }
      const paths = [...lines.keys()]
      if (paths.length === 0) return findings
      // Only the lines with issues: git stops walking a file's history once those lines are placed. On
      // 40 of ESLint's rule files, 3 lines each took 3.8 s against 10.2 s whole; on ESLint's own issues,
      // mostly in long-lived test files, it saved little (docs/benchmarks.md, "Blame").
      const read = yield* Effect.either(fileLines.read(gitUrl, commitSha, paths, lines))
      if (Either.isLeft(read)) {
        yield* Effect.logWarning(`issues of ${commitSha} have no authors: ${read.left.message}`)
        return findings
      }
      const failed = read.right.filter(Either.isLeft).map((outcome) => outcome.left)
      if (failed.length > 0) {
        yield* Effect.logWarning(`issues of ${failed.length} file(s) of ${commitSha} have no authors: ${failed[0]?.message}`)
      }
      const authors = authorsByLine(read.right.filter(Either.isRight).map((outcome) => outcome.right))
      return findings.map((finding) => {
        const authorEmail = authors.get(finding.filePath)?.get(finding.line)
        return authorEmail === undefined ? finding : { ...finding, authorEmail }
      })
    }).pipe(Effect.withSpan("IssueAuthors.withAuthors", { attributes: { findings: findings.length } }))

  return { withAuthors } as const
})

/** The authors of the lines that have findings, from blame. */
export class IssueAuthors extends Effect.Service<IssueAuthors>()("@tidemark/core/IssueAuthors", { effect: make }) {}
