import { Effect, type Option } from "effect"
import { InvalidInput } from "../domain/Errors.js"
import { commitShaOf } from "../domain/CommitSha.js"
import { ImportedIssues } from "../domain/ImportedIssues.js"
import { countsOf, totalOf } from "../domain/IssueLoad.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import { SarifReader } from "../ports/SarifReader.js"
import { Access } from "./Access.js"
import { nowIso } from "../domain/Now.js"
import { withSpans } from "../runtime/Spans.js"

export interface SarifUpload {
  /** The full commit id the tools ran on. */
  readonly commitSha: string
  /** The SARIF 2.1.0 log's text. */
  readonly sarif: string
}

const make = Effect.gen(function*() {
  const access = yield* Access
  const store = yield* AnalysisStore
  const reader = yield* SarifReader

  /**
   * Stores the results of each tool of the log as issues of the commit (replacing that tool's
   * earlier results) and answers the count per tool. A tool of the log without results counts 0,
   * so uploading a clean run clears the tool's earlier issues.
   */
  const importLog = (caller: Option.Option<Principal>, at: RepositoryCoordinates, input: SarifUpload) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "write")
      const commitSha = yield* commitShaOf(input.commitSha)
      const { results, tools } = yield* reader.read(input.sarif).pipe(
        Effect.mapError((e) => new InvalidInput({ field: "sarif", reason: e.reason }))
      )
      const uploadedAt = yield* nowIso
      const imported = tools.map((tool) =>
        new ImportedIssues({
          repositoryId: repository.id,
          commitSha,
          tool,
          uploadedAt,
          counts: countsOf(results.filter((result) => result.tool === tool))
        })
      )
      yield* store.saveImportedIssues(imported)
      return imported.map((i) => ({ tool: i.tool, issuesCount: totalOf(i.counts) }))
    })

  return withSpans("SarifImports", { importLog })
})

/** Issues of client-side tools imported from SARIF logs (our extension). */
export class SarifImports extends Effect.Service<SarifImports>()("@tidemark/core/SarifImports", {
  effect: make,
  dependencies: [Access.Default]
}) {}
