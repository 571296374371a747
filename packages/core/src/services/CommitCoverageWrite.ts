import { type Context, Effect } from "effect"
import { CommitCoverage, fileTotals, type FileLineCoverage } from "../domain/CommitCoverage.js"
import type { AnalysisStore } from "../ports/AnalysisStore.js"
import type { CoverageKey, LineCoverageStore } from "../ports/LineCoverageStore.js"
import { nowIso } from "./Now.js"

/**
 * A commit's coverage as every upload saves it (a report file, the coverage reporters' API): the
 * lines first, then the totals, so that once a report shows, the lines behind it are there.
 */
export const saveCommitCoverage = (ports: {
  readonly lineCoverage: Context.Tag.Service<LineCoverageStore>
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
    yield* ports.lineCoverage.saveCoverage(key, files)
    yield* ports.store.saveCoverage(coverage)
    return coverage
  })
