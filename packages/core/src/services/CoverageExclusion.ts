import { type Context, Effect, Option } from "effect"
import type { AnalysisStore } from "../ports/AnalysisStore.js"
import type { CoverageScope } from "../ports/CoverageScope.js"
import type { RepositoryStore } from "../ports/RepositoryStore.js"

/**
 * Which files of a report uploaded for a commit are left out of its coverage: by the configuration
 * file an analysis of the commit read (on any branch), or by the defaults alone before the commit is
 * analysed (the worker then applies the configuration to the stored report). Every upload path
 * (report files, the coverage reporters' API) goes through it.
 */
export const coverageExclusion = (ports: {
  readonly repositories: Context.Tag.Service<RepositoryStore>
  readonly store: Context.Tag.Service<AnalysisStore>
  readonly scope: Context.Tag.Service<CoverageScope>
}) =>
(repositoryId: number, commitSha: string) =>
  Effect.gen(function*() {
    const branches = yield* ports.repositories.listBranches(repositoryId)
    const found = yield* Effect.forEach(branches, (branch) => ports.store.find(repositoryId, branch.name, commitSha))
    const analysed = found.flatMap((analysis) => (Option.isSome(analysis) && analysis.value.measures !== undefined ? [analysis.value] : []))
    return ports.scope.excluded(analysed.at(0)?.configurationFile)
  })
