import { Effect, Option } from "effect"
import { NotFound } from "../domain/Errors.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import { PullRequestAuthor, type PullRequestBody, type PullRequestRecord } from "../domain/PullRequest.js"
import type { PullRequestChange } from "../domain/providers/GitHostDelivery.js"
import type { RepositoryRecord } from "../domain/Records.js"
import type { GitCommit } from "../ports/GitReader.js"
import { PullRequestStore } from "../ports/PullRequestStore.js"
import { Access } from "./Access.js"
import { nowIso } from "../domain/Now.js"
import { Repositories } from "./Repositories.js"
import { withSpans } from "../runtime/Spans.js"
import { AnalysisRequests } from "./AnalysisRequests.js"

/** What opening or updating a pull request through the API says of it (our extension's body). */
/** A pull request as its git host or a client now describes it, before Tidemark knows its head. */
export type PullRequestIntake = Omit<PullRequestChange, "_tag" | "headSha"> & { readonly headSha?: string | undefined }

const unknownAuthor = new PullRequestAuthor({ name: "unknown" })

const authorOfCommit = (commit: GitCommit) => new PullRequestAuthor({ name: commit.authorName, email: commit.authorEmail })

const make = Effect.gen(function*() {
  const access = yield* Access
  const repositories = yield* Repositories
  const store = yield* PullRequestStore
  const requests = yield* AnalysisRequests

  /**
   * The repository's branches and their heads, read afresh from git. A repository git cannot read
   * now has no branch known: its pull request is stored all the same, its analysis not queued.
   */
  const currentHeads = (repository: RepositoryRecord) =>
    repositories.refresh(repository).pipe(
      Effect.map(({ git, repository }) => ({ repository, heads: new Map(git.branches.map((b) => [b.name, b.head])) })),
      Effect.catchTag("GitReadError", (error) =>
        Effect.as(Effect.logWarning(`pull requests of ${repository.provider}/${repository.owner}/${repository.name}: ${error.message}`), {
          repository,
          heads: new Map<string, GitCommit>()
        }))
    )

  /**
   * Stores a pull request as described (keeping its id and, unless told, its author), its head the
   * origin branch's head in git. An open one whose two branches exist is queued for analysis; one
   * whose branches do not exist is stored without, for its view to show the problem.
   */
  const receive = (repository: RepositoryRecord, intake: PullRequestIntake) =>
    Effect.gen(function*() {
      const { heads, repository: refreshed } = yield* currentHeads(repository)
      const existing = Option.getOrUndefined(yield* store.find(repository.id, intake.number))
      const origin = heads.get(intake.originBranch)
      const saved = yield* store.upsert({
        repositoryId: repository.id,
        number: intake.number,
        title: intake.title,
        author: intake.author ?? existing?.author ?? (origin === undefined ? unknownAuthor : authorOfCommit(origin)),
        originBranch: intake.originBranch,
        targetBranch: intake.targetBranch,
        state: intake.state,
        // A merged pull request's branch is often deleted: the last head known stays.
        headSha: origin?.sha ?? intake.headSha ?? existing?.headSha ?? "",
        updated: intake.updated
      })
      // A missing target branch is the analysis's to report: the pull request then shows why it has no numbers.
      if (saved.state === "open" && origin !== undefined) {
        yield* requests.pullRequest(refreshed, saved)
      }
      return saved
    })

  /**
   * A git host's delivery of a pull request. Hosts do not promise to deliver in order: one older
   * than the pull request as stored (by the host's own `updated` times) changes nothing.
   */
  const delivered = (repository: RepositoryRecord, change: PullRequestChange) =>
    Effect.gen(function*() {
      const stored = yield* store.find(repository.id, change.number)
      if (Option.isSome(stored) && Date.parse(change.updated) < Date.parse(stored.value.updated)) return stored.value
      return yield* receive(repository, change)
    })

  /** Opens or updates a pull request (our extension, `tidemark pr open`): needs `write`. */
  const open = (caller: Option.Option<Principal>, at: RepositoryCoordinates, number: number, body: PullRequestBody) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "write")
      return yield* receive(repository, {
        number,
        title: body.title,
        originBranch: body.originBranch,
        targetBranch: body.targetBranch,
        state: body.state ?? "open",
        updated: yield* nowIso
      })
    })

  /** Closes a known pull request, merged or not (`tidemark pr close`): needs `write`. */
  const close = (caller: Option.Option<Principal>, at: RepositoryCoordinates, number: number, merged: boolean) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "write")
      const found = yield* store.find(repository.id, number)
      if (Option.isNone(found)) return yield* new NotFound({ what: "pullRequest", id: String(number) })
      const { id: _id, ...current }: PullRequestRecord = found.value
      return yield* store.upsert({ ...current, state: merged ? "merged" : "closed", updated: yield* nowIso })
    })

  return withSpans("PullRequests", { open, close, receive, delivered })
})

/** Pull requests arriving in Tidemark: from the API and the CLI (`open`, `close`) and from git hosts' webhooks (`delivered`). */
export class PullRequests extends Effect.Service<PullRequests>()("@tidemark/core/PullRequests", {
  effect: make,
  dependencies: [Access.Default, Repositories.Default, AnalysisRequests.Default]
}) {}
