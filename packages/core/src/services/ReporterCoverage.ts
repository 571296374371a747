import { Effect, Option } from "effect"
import { fileTotals, FileLineCoverage } from "../domain/CommitCoverage.js"
import { commitShaOf } from "../domain/CommitSha.js"
import { NotFound, Unauthenticated } from "../domain/Errors.js"
import type { Principal } from "../domain/Principal.js"
import { reportedFiles, type ReporterReport, withReport } from "../domain/ReporterReport.js"
import { type CoverageKey, LineCoverageStore } from "../ports/LineCoverageStore.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { Access } from "./Access.js"
import { ChangeVerdicts } from "./ChangeVerdicts.js"
import { CommitCoverageWrites } from "./CommitCoverageWrites.js"
import { trusted } from "../domain/Trusted.js"
import { withSpans } from "../runtime/Spans.js"

/**
 * Who a reporter's request is for. `repository`: the repository token names it (the reporters'
 * `project-token`). `account`: an organization's API token (their `api-token`) and the path's
 * organization and repository names; without a provider in the path, the token's organization.
 */
export type ReporterTarget =
  | { readonly _tag: "repository"; readonly token: string | undefined }
  | {
    readonly _tag: "account"
    readonly token: string | undefined
    readonly provider?: string | undefined
    readonly organization: string
    readonly repository: string
  }

const missing = (header: string) => new Unauthenticated({ kind: "missing", reason: `Missing ${header} header` })

const make = Effect.gen(function*() {
  const access = yield* Access
  const verdicts = yield* ChangeVerdicts
  const store = yield* AnalysisStore
  const lineCoverage = yield* LineCoverageStore
  const repositories = yield* RepositoryStore
  const writes = yield* CommitCoverageWrites

  const repositoryToken = (token: string | undefined) =>
    Effect.gen(function*() {
      if (token === undefined || token === "") return yield* missing("project-token")
      const principal = yield* access.authenticate(token)
      const found = principal.kind === "repository" && principal.repositoryId !== undefined
        ? yield* repositories.findRepositoryById(principal.repositoryId)
        : Option.none()
      if (Option.isNone(found)) return yield* new Unauthenticated({ kind: "wrongKind", reason: "The project-token is not a repository token" })
      return found.value
    })

  /** The provider of a path without one: that of the token's organization, where the repository is. */
  const providerOf = (principal: Principal, repository: string) =>
    principal.organizationId === undefined
      ? Effect.succeed(Option.none<string>())
      : Effect.map(repositories.findRepository(principal.organizationId, repository), Option.map((found) => found.provider))

  const accountToken = (target: Extract<ReporterTarget, { _tag: "account" }>) =>
    Effect.gen(function*() {
      if (target.token === undefined || target.token === "") return yield* missing("api-token")
      const principal = yield* access.authenticate(target.token)
      const provider = target.provider === undefined
        ? yield* providerOf(principal, target.repository)
        : Option.some(target.provider)
      if (Option.isNone(provider)) return yield* new NotFound({ what: "repository", id: `${target.organization}/${target.repository}` })
      const at = { provider: provider.value, organization: target.organization, repository: target.repository }
      return (yield* access.repository(Option.some(principal), at, "write")).repository
    })

  const repositoryOf = (target: ReporterTarget) =>
    target._tag === "repository" ? repositoryToken(target.token) : accountToken(target)

  /**
   * The commit's stored coverage line by line, read at once: for 1 000 files of 50 lines on
   * PostgreSQL, 130–180 ms against 0.7–1.4 s one file at a time (8 at once), at load ~4. A report
   * stored with totals only has no lines to keep.
   */
  const storedLines = (key: CoverageKey) =>
    Effect.gen(function*() {
      const stored = (yield* store.coverage([key])).get(key.repositoryId)
      if (stored === undefined) return Option.none()
      const lines = new Map((yield* lineCoverage.commitCoverage(key)).map((file) => [file.path, file]))
      return Option.some(stored.files.map((file) => lines.get(file.path) ?? trusted(FileLineCoverage, { ...fileTotals(file), hits: [] })))
    })


  /**
   * One language's report of a commit. Kept whether or not the commit is known yet, as a report
   * file is: the commit's analysis takes it in when it comes.
   */
  const upload = (target: ReporterTarget, commitUuid: string, report: ReporterReport, partial: boolean) =>
    Effect.gen(function*() {
      const repository = yield* repositoryOf(target)
      const key = { repositoryId: repository.id, commitSha: yield* commitShaOf(commitUuid) }
      // As for a report file: what the analysis leaves out does not count.
      const isExcluded = yield* writes.exclusion(repository.id, key.commitSha)
      const reported = reportedFiles(report).filter((file) => !isExcluded(file.path))
      // Reports of one commit arrive at once (a reporter sends each language in parallel, CI jobs
      // of several machines too) and each rewrites the commit's coverage from what is stored: one
      // at a time across the server's processes, none is lost.
      yield* lineCoverage.exclusive(key)(
        Effect.gen(function*() {
          const earlier = Option.getOrElse(yield* storedLines(key), () => [])
          yield* writes.save(key, "reporter", withReport(earlier, reported, partial))
        })
      )
      yield* Effect.forkDaemon(verdicts.coverageArrived(repository, key.commitSha))
      return { files: reported.length }
    })

  /**
   * The end of a commit's partial reports. They count as they arrive, so this only confirms that
   * some did: a commit without any report is NotFound.
   */
  const complete = (target: ReporterTarget, commitUuid: string) =>
    Effect.gen(function*() {
      const repository = yield* repositoryOf(target)
      const commitSha = yield* commitShaOf(commitUuid)
      const stored = (yield* store.coverage([{ repositoryId: repository.id, commitSha }])).get(repository.id)
      if (stored === undefined) return yield* new NotFound({ what: "coverage", id: commitSha })
      return { files: stored.files.length }
    })

  return withSpans("ReporterCoverage", { upload, complete })
})

/** The API 2.0 coverage uploads of the original service's reporters, stored as CoverageUploads stores a report. */
export class ReporterCoverage extends Effect.Service<ReporterCoverage>()("@tidemark/core/ReporterCoverage", {
  effect: make,
  dependencies: [Access.Default, ChangeVerdicts.Default, CommitCoverageWrites.Default]
}) {}
