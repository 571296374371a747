import { Effect, Option } from "effect"
import { NotFound, Unprocessable } from "../domain/Errors.js"
import { nowIso } from "../domain/Now.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import { PullRequestBypass, PullRequestRecord } from "../domain/PullRequest.js"
import { authorOf } from "../domain/Triage.js"
import { PullRequestStore } from "../ports/PullRequestStore.js"
import { withSpans } from "../runtime/Spans.js"
import { Access } from "./Access.js"
import { ChangeVerdicts } from "./ChangeVerdicts.js"

const make = Effect.gen(function*() {
  const access = yield* Access
  const store = yield* PullRequestStore
  const verdicts = yield* ChangeVerdicts

  /**
   * bypassPullRequestAnalysis: the gate's quality rules set aside for the pull request's current
   * head, recording who and when. The views and the host's status say so at once when that head is
   * analysed, or when its analysis ends; a later push is judged by the gate again.
   */
  const bypass = (caller: Option.Option<Principal>, at: RepositoryCoordinates, number: number) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "write")
      const found = yield* store.find(repository.id, number)
      if (Option.isNone(found)) return yield* new NotFound({ what: "pullRequest", id: String(number) })
      const pullRequest = found.value
      if (pullRequest.headSha === "") {
        return yield* new Unprocessable({ reason: `Pull request ${number} has no head commit known to bypass: its origin branch was never read` })
      }
      const given = PullRequestBypass.make({
        by: authorOf(yield* access.signedIn(caller)),
        at: yield* nowIso,
        headSha: pullRequest.headSha
      })
      yield* store.bypass(repository.id, number, given)
      yield* verdicts.publishPullRequest(repository, new PullRequestRecord({ ...pullRequest, bypass: given }, true))
    })

  return withSpans("PullRequestBypasses", { bypass })
})

/** Bypassing a pull request's gate (issue 27). */
export class PullRequestBypasses extends Effect.Service<PullRequestBypasses>()("@tidemark/core/PullRequestBypasses", {
  effect: make,
  dependencies: [Access.Default, ChangeVerdicts.Default]
}) {}
