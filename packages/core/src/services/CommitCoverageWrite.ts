import { type Context, Effect } from "effect"
import { CommitCoverage, fileTotals, type FileLineCoverage } from "../domain/CommitCoverage.js"
import type { CoverageKey, LineCoverageStore } from "../ports/LineCoverageStore.js"
import { nowIso } from "./Now.js"

/** A commit's coverage as every upload saves it (a report file, the coverage reporters' API). */
export const saveCommitCoverage = (ports: { readonly lineCoverage: Context.Tag.Service<LineCoverageStore> }) =>
(key: CoverageKey, format: CommitCoverage["format"], files: ReadonlyArray<FileLineCoverage>) =>
  Effect.gen(function*() {
    const coverage = new CommitCoverage({
      repositoryId: key.repositoryId,
      commitSha: key.commitSha,
      format,
      uploadedAt: yield* nowIso,
      files: files.map(fileTotals)
    })
    yield* ports.lineCoverage.saveCoverage(coverage, files)
    return coverage
  })
