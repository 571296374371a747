import { Clock, Duration, Effect, Either, Option } from "effect"
import { InvalidInput, type ServiceUnavailable, Unauthenticated } from "../domain/Errors.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import type { GitHostDelivery } from "../domain/providers/GitHostDelivery.js"
import { gitHubDelivery } from "../domain/providers/GitHubPullRequestHook.js"
import { gitLabDelivery } from "../domain/providers/GitLabMergeRequestHook.js"
import type { RepositoryRecord } from "../domain/Records.js"
import { Hasher } from "../ports/Hasher.js"
import { IdGenerator } from "../ports/IdGenerator.js"
import { OrganizationStore } from "../ports/OrganizationStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { WebhookDeliveryLog } from "../ports/WebhookDeliveryLog.js"
import { WebhookSecretStore } from "../ports/WebhookSecretStore.js"
import { Access } from "./Access.js"
import { PullRequests } from "./PullRequests.js"
import { Repositories } from "./Repositories.js"
import { constantTimeEqual } from "../domain/Secrets.js"
import { withSpans } from "../runtime/Spans.js"
import { AnalysisRequests } from "./AnalysisRequests.js"

/**
 * What a delivery did: a pull request recorded, a pushed branch refreshed, nothing, or nothing
 * because it was taken in already (a retry or a replay).
 */
export interface WebhookOutcome {
  readonly event: string
  readonly outcome: "pullRequestRecorded" | "branchRefreshed" | "ignored" | "duplicate"
}

/** The headers a host authenticates and names its event with. */
export interface GitHubHeaders {
  readonly event?: string | undefined
  /** `X-Hub-Signature-256`: `sha256=` and the hex HMAC-SHA-256 of the body with the secret. */
  readonly signature?: string | undefined
  /** `X-GitHub-Delivery`: the delivery's GUID, the same when it is redelivered. */
  readonly delivery?: string | undefined
}

export interface GitLabHeaders {
  readonly event?: string | undefined
  /** `X-Gitlab-Token`: the secret itself. */
  readonly token?: string | undefined
  /** `Idempotency-Key` (the same on every retry of a delivery), else `X-Gitlab-Event-UUID`. */
  readonly delivery?: string | undefined
}

/**
 * How long a delivery is remembered: GitHub redelivers deliveries of the past three days, and
 * GitLab retries within hours, so a replay within the window is answered as a duplicate.
 */
export const replayWindow = Duration.days(3)

// One answer for an unknown repository, a repository without a secret and a wrong signature: a
// caller without the secret learns nothing of which repositories exist.
const refused = new Unauthenticated({ kind: "unsigned", reason: "The webhook delivery is not signed with the repository's webhook secret" })

const utf8 = new TextDecoder("utf-8", { fatal: true })

const textOf = (body: Uint8Array) =>
  Either.try({
    try: () => utf8.decode(body),
    catch: () => new InvalidInput({ field: "body", reason: "is not UTF-8 text" })
  })

const make = Effect.gen(function*() {
  const access = yield* Access
  const store = yield* RepositoryStore
  const organizations = yield* OrganizationStore
  const secrets = yield* WebhookSecretStore
  const seen = yield* WebhookDeliveryLog
  const ids = yield* IdGenerator
  const pullRequests = yield* PullRequests
  const repositories = yield* Repositories
  const hasher = yield* Hasher
  const requests = yield* AnalysisRequests

  const secretOf = (at: RepositoryCoordinates) =>
    Effect.gen(function*() {
      const organization = yield* organizations.findOrganization(at.provider, at.organization)
      const repository = Option.isSome(organization) ? yield* store.findRepository(organization.value.id, at.repository) : Option.none()
      if (Option.isNone(repository)) return yield* refused
      const secret = yield* secrets.find(repository.value.id)
      if (Option.isNone(secret)) return yield* refused
      return { repository: repository.value, secret: secret.value }
    })

  /** A pushed branch: its head read from git and, unless it was deleted, analysed. */
  const pushed = (repository: RepositoryRecord, branch: string, deleted: boolean) =>
    Effect.gen(function*() {
      const refreshed = yield* repositories.refresh(repository).pipe(
        Effect.map((read) => Option.some(read.repository)),
        Effect.catchTag("GitReadError", (error) => Effect.as(Effect.logWarning(`push to ${branch}: ${error.message}`), Option.none()))
      )
      if (deleted || Option.isNone(refreshed)) return
      const found = (yield* store.listBranches(repository.id)).find((b) => b.name === branch && b.isEnabled)
      if (found !== undefined) yield* requests.branch(refreshed.value, found)
    })

  const act = (repository: RepositoryRecord, event: string, delivery: GitHostDelivery) =>
    Effect.gen(function*(): Effect.fn.Return<WebhookOutcome, ServiceUnavailable> {
      switch (delivery._tag) {
        case "PullRequestChange":
          yield* pullRequests.delivered(repository, delivery)
          return { event, outcome: "pullRequestRecorded" }
        case "BranchPush":
          yield* pushed(repository, delivery.branch, delivery.deleted)
          return { event, outcome: "branchRefreshed" }
        case "IgnoredDelivery":
          return { event, outcome: "ignored" }
      }
    })

  /**
   * Acts on an authenticated delivery once. Its keys are the host's delivery id and the digest of
   * its body: the id is not signed (a replay may carry any), the body is, and a replayed body is
   * the same event. A delivery that fails is forgotten again, so that the host's retry is taken.
   */
  const once = (repository: RepositoryRecord, event: string, deliveryId: string | undefined, text: string, delivery: GitHostDelivery) =>
    Effect.gen(function*() {
      const keys = [`body:${yield* hasher.sha256Hex(text)}`, ...(deliveryId === undefined || deliveryId === "" ? [] : [`delivery:${deliveryId}`])]
      const now = yield* Clock.currentTimeMillis
      const until = new Date(now + Duration.toMillis(replayWindow)).toISOString()
      if (!(yield* seen.claim(repository.id, keys, new Date(now).toISOString(), until))) {
        return { event, outcome: "duplicate" } satisfies WebhookOutcome
      }
      return yield* act(repository, event, delivery).pipe(Effect.tapError(() => seen.release(repository.id, keys)))
    })

  /** A GitHub delivery: its signature checked over the body's exact bytes before anything is read. */
  const github = (at: RepositoryCoordinates, headers: GitHubHeaders, body: Uint8Array) =>
    Effect.gen(function*() {
      const { repository, secret } = yield* secretOf(at)
      const expected = `sha256=${yield* hasher.hmacSha256Hex(secret, body)}`
      if (headers.signature === undefined || !constantTimeEqual(expected, headers.signature.toLowerCase())) return yield* refused
      const event = headers.event ?? ""
      const text = yield* textOf(body)
      return yield* once(repository, event, headers.delivery, text, yield* gitHubDelivery(event, text))
    })

  /** A GitLab delivery: its token compared with the secret before anything is read. */
  const gitlab = (at: RepositoryCoordinates, headers: GitLabHeaders, body: Uint8Array) =>
    Effect.gen(function*() {
      const { repository, secret } = yield* secretOf(at)
      if (headers.token === undefined || !constantTimeEqual(secret, headers.token)) return yield* refused
      const event = headers.event ?? ""
      const text = yield* textOf(body)
      return yield* once(repository, event, headers.delivery, text, yield* gitLabDelivery(event, text))
    })

  /**
   * Generates the repository's webhook secret (replacing any): the admin, or an admin token of its
   * organization, may. Shown once to the caller, who gives it to the git host.
   */
  const issueSecret = (caller: Option.Option<Principal>, at: RepositoryCoordinates) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "admin")
      const secret = `tmw_${yield* ids.randomString(32)}`
      yield* secrets.save(repository.id, secret)
      return secret
    })

  return withSpans("GitHostWebhooks", { github, gitlab, issueSecret })
})

/** Webhook deliveries of git hosts (GitHub, GitLab), each repository with a secret of its own. */
export class GitHostWebhooks extends Effect.Service<GitHostWebhooks>()("@tidemark/core/GitHostWebhooks", {
  effect: make,
  dependencies: [Access.Default, PullRequests.Default, Repositories.Default, AnalysisRequests.Default]
}) {}
