import { type Context, Effect } from "effect"
import { CommitCoverage, fileTotals, type FileLineCoverage } from "../domain/CommitCoverage.js"
import type { AnalysisResultStore, CoverageKey } from "../ports/AnalysisResultStore.js"
import type { AnalysisStore } from "../ports/AnalysisStore.js"
import { nowIso } from "./Now.js"

/**
 * A commit's coverage as every upload saves it (a report file, the coverage reporters' API): the
 * lines first, then the totals, so that once a report shows, the lines behind it are there.
 */
export const saveCommitCoverage = (ports: {
  readonly results: Context.Tag.Service<AnalysisResultStore>
  readonly store: Context.Tag.Service<AnalysisStore>
}) =>
(key: CoverageKey, format: CommitCoverage["format"], files: ReadonlyArray<FileLineCoverage>) =>
  Effect.gen(function*() {
    const coverage = new CommitCoverage({
      repositoryId: key.repositoryId,
      commitSha: key.commitSha,
      format,
      uploadedAt: yield* nowIso,
      files: files.map(fileTotals)
    })
    yield* ports.results.saveCoverage(key, files)
    yield* ports.store.saveCoverage(coverage)
    return coverage
  })
