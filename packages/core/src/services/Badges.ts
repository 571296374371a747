import { Effect, Option } from "effect"
import { type BadgeFace, type BadgeKind, coverageFace, gradeFace } from "../domain/BadgeFaces.js"
import { NotFound } from "../domain/Errors.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import { constantTimeEqual } from "../domain/Secrets.js"
import { BadgeTokenStore } from "../ports/BadgeTokenStore.js"
import { IdGenerator } from "../ports/IdGenerator.js"
import { OrganizationStore } from "../ports/OrganizationStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { withSpans } from "../runtime/Spans.js"
import { Access } from "./Access.js"
import { RepositoryAnalysis } from "./RepositoryAnalysis.js"

/** What the repository's page needs to offer its badges: whether they need the token, and the token if one was issued. */
export interface BadgeAccess {
  readonly public: boolean
  readonly token: Option.Option<string>
}

const make = Effect.gen(function*() {
  const access = yield* Access
  const organizations = yield* OrganizationStore
  const repositories = yield* RepositoryStore
  const tokens = yield* BadgeTokenStore
  const ids = yield* IdGenerator
  const analysis = yield* RepositoryAnalysis

  /**
   * The repository a badge may show: a Public one to anyone, any other to its badge token only.
   * Whatever is wrong (no such repository, no token, another token) is the same NotFound, so that a
   * guess learns nothing of private names.
   */
  const shown = (at: RepositoryCoordinates, token: string | undefined) =>
    Effect.gen(function*() {
      const missing = new NotFound({ what: "repository", id: at.repository })
      const organization = yield* organizations.findOrganization(at.provider, at.organization)
      if (Option.isNone(organization)) return yield* missing
      const repository = yield* repositories.findRepository(organization.value.id, at.repository)
      if (Option.isNone(repository)) return yield* missing
      if (repository.value.visibility === "Public") return repository.value
      const stored = yield* tokens.find(repository.value.id)
      if (token === undefined || Option.isNone(stored) || !constantTimeEqual(stored.value, token)) return yield* missing
      return repository.value
    })

  /** The badge of the branch's latest analysis (the default branch's when none is named). */
  const badge = (at: RepositoryCoordinates, kind: BadgeKind, branch: string | undefined, token: string | undefined) =>
    Effect.gen(function*() {
      const view = yield* analysis.shownAs(yield* shown(at, token), branch)
      return kind === "grade" ? gradeFace(view.gradeLetter) : coverageFace(view.coverage?.coveragePercentage)
    }) satisfies Effect.Effect<BadgeFace, unknown>

  /** A new badge token (the repository's admin): badges with the previous one stop showing. */
  const issueToken = (caller: Option.Option<Principal>, at: RepositoryCoordinates) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "admin")
      const token = `tmb_${yield* ids.randomString(24)}`
      yield* tokens.save(repository.id, token)
      return { public: repository.visibility === "Public", token: Option.some(token) } satisfies BadgeAccess
    })

  /**
   * Whether the repository's badges need a token, and its token, to those who may read the
   * repository. A Public repository's badges need none: its token (kept from before it became
   * Public) is not shown to anyone who may read it.
   */
  const accessOf = (caller: Option.Option<Principal>, at: RepositoryCoordinates) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "read", { allowPublic: true })
      const isPublic = repository.visibility === "Public"
      return { public: isPublic, token: isPublic ? Option.none() : yield* tokens.find(repository.id) } satisfies BadgeAccess
    })

  return withSpans("Badges", { badge, issueToken, accessOf })
})

/** A repository's grade and coverage as badges a README can show, public or behind a badge token. */
export class Badges extends Effect.Service<Badges>()("@tidemark/core/Badges", {
  effect: make,
  dependencies: [Access.Default, RepositoryAnalysis.Default]
}) {}
