import { Effect, Option } from "effect"
import { CommitCoverage, fileTotals, type FileLineCoverage } from "../domain/CommitCoverage.js"
import { nowIso } from "../domain/Now.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import { CoverageScope } from "../ports/CoverageScope.js"
import { type CoverageKey, LineCoverageStore } from "../ports/LineCoverageStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { withSpans } from "../runtime/Spans.js"

const make = Effect.gen(function*() {
  const repositories = yield* RepositoryStore
  const analyses = yield* AnalysisStore
  const scope = yield* CoverageScope
  const lineCoverage = yield* LineCoverageStore

  /**
   * Which files of a report uploaded for a commit are left out of its coverage: by the configuration
   * file an analysis of the commit read (on any branch), or by the defaults alone before the commit is
   * analysed (the worker then applies the configuration to the stored report).
   */
  const exclusion = (repositoryId: number, commitSha: string) =>
    Effect.gen(function*() {
      const branches = yield* repositories.listBranches(repositoryId)
      const found = yield* Effect.forEach(branches, (branch) => analyses.find(repositoryId, branch.name, commitSha))
      const analysed = found.flatMap((analysis) => (Option.isSome(analysis) && analysis.value.measures !== undefined ? [analysis.value] : []))
      return scope.excluded(analysed.at(0)?.configurationFile)
    })

  /** A commit's coverage as every upload saves it. */
  const save = (key: CoverageKey, format: CommitCoverage["format"], files: ReadonlyArray<FileLineCoverage>) =>
    Effect.gen(function*() {
      const coverage = new CommitCoverage({
        repositoryId: key.repositoryId,
        commitSha: key.commitSha,
        format,
        uploadedAt: yield* nowIso,
        files: files.map(fileTotals)
      })
      yield* lineCoverage.saveCoverage(coverage, files)
      return coverage
    })

  return withSpans("CommitCoverageWrites", { exclusion, save })
})

/** What every coverage upload path (report files, the coverage reporters' API) does alike. */
export class CommitCoverageWrites extends Effect.Service<CommitCoverageWrites>()("@tidemark/core/CommitCoverageWrites", { effect: make }) {}
