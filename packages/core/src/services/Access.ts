import { Cache, Clock, Duration, Effect, Exit, Option, Ref } from "effect"
import { nowIso } from "../domain/Now.js"
import { NotFound, PermissionDenied, type ServiceUnavailable, Unauthenticated } from "../domain/Errors.js"
import type { OrganizationCoordinates, RepositoryCoordinates } from "../domain/Principal.js"
import { Principal } from "../domain/Principal.js"
import { Credential, type CredentialKind, type Organization, type RepositoryRecord } from "../domain/Records.js"
import type { Permission } from "../domain/Repository.js"
import { CredentialRevocations } from "../ports/CredentialRevocations.js"
import { CredentialStore } from "../ports/CredentialStore.js"
import { Hasher } from "../ports/Hasher.js"
import { IdGenerator } from "../ports/IdGenerator.js"
import { OrganizationStore } from "../ports/OrganizationStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { followRevocations } from "../runtime/RevocationFollowing.js"
import { withSpans } from "../runtime/Spans.js"
import { constantTimeEqual, parseSecret, secretPrefix } from "../domain/Secrets.js"

const rank: Record<Permission, number> = { read: 0, write: 1, admin: 2 }

export interface RepositoryAccess {
  readonly organization: Organization
  readonly repository: RepositoryRecord
  /** The caller's permission on the repository (what `Repository.permission` reports). */
  readonly permission: Permission
}

export interface IssuedSecret {
  readonly credential: Credential
  /** Shown once; only its hash is stored. */
  readonly secret: string
}

type AccessError = Unauthenticated | PermissionDenied | NotFound | ServiceUnavailable

/** Every permission includes `read`, so only stronger needs can be denied. */
export type DeniedFor<P extends Permission> = P extends "read" ? never : PermissionDenied
type AccessErrorFor<P extends Permission> = Unauthenticated | NotFound | ServiceUnavailable | DeniedFor<P>

/**
 * How stale a credential's `lastUsedAt` may get: a use is written only when the stored one is older,
 * so a stream of requests costs one write a minute per credential, not one per request.
 */
const lastUsedPrecision = Duration.minutes(1)

const isStale = (lastUsedAt: string | undefined, now: number) =>
  lastUsedAt === undefined || now - Date.parse(lastUsedAt) >= Duration.toMillis(lastUsedPrecision)

/** How long a revocation waits for its announcement to come back before returning all the same. */
const echoWait = Duration.seconds(1)

const missing = new Unauthenticated({ kind: "missing", reason: "Missing api-token header" })
const foreign = new Unauthenticated({ kind: "otherOrganization", reason: "The api-token is not valid for this organization" })

const make = Effect.gen(function*() {
  const credentials = yield* CredentialStore
  const repositories = yield* RepositoryStore
  const organizationStore = yield* OrganizationStore
  const ids = yield* IdGenerator
  const { sha256Hex } = yield* Hasher
  const revocations = yield* CredentialRevocations

  const verify = (presented: string): Effect.Effect<Principal, Unauthenticated | ServiceUnavailable> =>
    Effect.gen(function*() {
      const { id, secret } = parseSecret(presented)
      const hash = yield* sha256Hex(secret)
      const found = yield* credentials.find(id)
      if (Option.isNone(found) || !constantTimeEqual(found.value.secretHash, hash)) {
        return yield* new Unauthenticated({ kind: "invalid", reason: "Invalid credentials" })
      }
      const c = found.value
      const now = yield* Clock.currentTimeMillis
      if (isStale(c.lastUsedAt, now)) yield* credentials.markUsed(c.id, new Date(now).toISOString())
      return new Principal({
        credentialId: c.id,
        kind: c.kind,
        permission: c.permission,
        ...(c.organizationId === undefined ? {} : { organizationId: c.organizationId }),
        ...(c.repositoryId === undefined ? {} : { repositoryId: c.repositoryId })
      })
    })

  // Every ingested event carries its key: verified secrets are remembered for a short while so that
  // a stream of events does not read and hash the credential each time. Failures are not kept.
  // Each verification is stamped with the revocations heard before it began: one that began before
  // the latest may have read a credential since revoked, however late it completed.
  const revocationsHeard = yield* Ref.make(0)
  const verified = yield* Cache.makeWith({
    capacity: 10_000,
    lookup: (presented: string) =>
      Effect.flatMap(Ref.get(revocationsHeard), (heard) => Effect.map(verify(presented), (principal) => ({ principal, heard }))),
    timeToLive: (exit) => Exit.isSuccess(exit) ? Duration.seconds(30) : Duration.zero
  })
  const forgetLocally = Effect.zipRight(Ref.update(revocationsHeard, (n) => n + 1), verified.invalidateAll)
  // Revocations made by other processes sharing the storage: while this one may miss some, it
  // remembers nothing and verifies every secret.
  const following = yield* followRevocations(revocations, forgetLocally)

  const authenticate = (presented: string): Effect.Effect<Principal, Unauthenticated | ServiceUnavailable> =>
    Effect.gen(function*() {
      if (!(yield* following.listening)) return yield* verify(presented)
      const { heard, principal } = yield* verified.get(presented)
      if (heard === (yield* Ref.get(revocationsHeard))) return principal
      yield* verified.invalidate(presented)
      return yield* verify(presented)
    })
  /**
   * A revoked or replaced secret must stop working at once, not when its verification expires:
   * here, and in every process that shares the storage. The announcement reaches them all at
   * about the same time, so once it has come back here the others have it too, or very nearly:
   * only then does the revocation return.
   */
  const forgetVerified = Effect.gen(function*() {
    yield* forgetLocally
    const echo = yield* following.nextAnnouncement
    yield* revocations.announce
    if (yield* following.listening) yield* Effect.ignore(Effect.timeout(echo, echoWait))
  })

  const permit = <P extends Permission>(principal: Principal, need: P): Effect.Effect<void, DeniedFor<P>> =>
    rank[principal.permission] >= rank[need]
      ? Effect.void
      : Effect.fail(
        new PermissionDenied({
          kind: "permission",
          needed: need,
          held: principal.permission,
          reason: `This operation needs the '${need}' permission; the token has '${principal.permission}'`
        }) as DeniedFor<P>
      )

  /** The caller of the analysis API: a token or the installation admin, never an ingestion key. */
  const signedIn = (caller: Option.Option<Principal>): Effect.Effect<Principal, Unauthenticated> => {
    if (Option.isNone(caller)) return missing
    // Ingestion keys travel in query strings and only push events; repository tokens sit in CI
    // jobs and only upload coverage (ReporterCoverage).
    switch (caller.value.kind) {
      case "ingestion":
        return new Unauthenticated({ kind: "wrongKind", reason: "An ingestion key cannot call this API" })
      case "repository":
        return new Unauthenticated({ kind: "wrongKind", reason: "A repository token can only upload coverage" })
      default:
        return Effect.succeed(caller.value)
    }
  }

  /** The installation admin alone (the admin API's installation-wide operations); `reason` says what it may do. */
  const installationAdmin = (caller: Option.Option<Principal>, reason: string): Effect.Effect<Principal, Unauthenticated | PermissionDenied> =>
    Effect.flatMap(signedIn(caller), (principal) =>
      principal.isAdmin ? Effect.succeed(principal) : Effect.fail(new PermissionDenied({ kind: "installationAdmin", reason })))

  const access = <P extends Permission>(
    caller: Option.Option<Principal>,
    at: OrganizationCoordinates,
    need: P
  ): Effect.Effect<Organization, AccessErrorFor<P>> =>
    Effect.gen(function*() {
      const principal = yield* signedIn(caller)
      const found = yield* organizationStore.findOrganization(at.provider, at.organization)
      // A non-admin token learns nothing about organizations that are not its own.
      if (!principal.isAdmin && (Option.isNone(found) || found.value.id !== principal.organizationId)) {
        return yield* foreign
      }
      if (Option.isNone(found)) return yield* new NotFound({ what: "organization", id: `${at.provider}/${at.organization}` })
      yield* permit(principal, need)
      return found.value
    })

  const repository = <P extends Permission>(
    caller: Option.Option<Principal>,
    at: RepositoryCoordinates,
    need: P,
    options?: { readonly allowPublic?: boolean }
  ): Effect.Effect<RepositoryAccess, AccessErrorFor<P>> =>
    Effect.gen(function*() {
      if (Option.isNone(caller)) {
        const open = options?.allowPublic === true ? yield* findPublic(at) : Option.none()
        if (Option.isNone(open)) return yield* missing
        return { ...open.value, permission: "read" as const }
      }
      // A token of another organization reads a Public repository as anyone may.
      const open = options?.allowPublic === true ? yield* findPublic(at) : Option.none()
      if (Option.isSome(open) && (caller.value.organizationId !== open.value.organization.id && !caller.value.isAdmin)) {
        return { ...open.value, permission: "read" as const }
      }
      const org = yield* access(caller, at, need)
      const repo = yield* repositories.findRepository(org.id, at.repository)
      if (Option.isNone(repo)) return yield* new NotFound({ what: "repository", id: at.repository })
      return { organization: org, repository: repo.value, permission: caller.value.permission }
    })

  const findPublic = (at: RepositoryCoordinates) =>
    Effect.gen(function*() {
      const org = yield* organizationStore.findOrganization(at.provider, at.organization)
      if (Option.isNone(org)) return Option.none()
      const repo = yield* repositories.findRepository(org.value.id, at.repository)
      return Option.isSome(repo) && repo.value.visibility === "Public"
        ? Option.some({ organization: org.value, repository: repo.value })
        : Option.none()
    })

  const store = (
    id: string,
    kind: CredentialKind,
    secret: string,
    permission: Permission,
    organizationId?: number,
    repositoryId?: number
  ) =>
    Effect.gen(function*() {
      const now = yield* nowIso
      const credential = new Credential({
        id,
        kind,
        permission,
        secretHash: yield* sha256Hex(secret),
        createdAt: now,
        ...(organizationId === undefined ? {} : { organizationId }),
        ...(repositoryId === undefined ? {} : { repositoryId })
      })
      yield* credentials.save(credential)
      return credential
    })

  /** Issues an API token (`api`) or an ingestion key (`ingestion`) for one organization. */
  const issue = (
    kind: "api" | "ingestion" | "repository",
    organization: Organization,
    permission: Permission,
    repositoryId?: number
  ): Effect.Effect<IssuedSecret, ServiceUnavailable> =>
    Effect.gen(function*() {
      const id = yield* ids.randomString(9)
      const secret = yield* ids.randomString(32)
      const credential = yield* store(id, kind, secret, permission, organization.id, repositoryId)
      return { credential, secret: `${secretPrefix[kind]}.${id}.${secret}` }
    })

  /**
   * Issues a secret on behalf of a caller: the admin for any organization (created on first use),
   * an organization's admin token for its own, never with more permission than the caller has.
   */
  const issueFor = (
    caller: Option.Option<Principal>,
    at: OrganizationCoordinates,
    kind: "api" | "ingestion",
    permission: Permission
  ): Effect.Effect<IssuedSecret, AccessError> =>
    Effect.gen(function*() {
      if (Option.isSome(caller) && caller.value.isAdmin) {
        return yield* issue(kind, yield* organizationStore.ensureOrganization(at.provider, at.organization), permission)
      }
      const organization = yield* access(caller, at, "admin")
      return yield* issue(kind, organization, permission)
    })

  /**
   * Issues a repository token: the admin or an admin token of the repository's organization may.
   * It carries `write` (uploading is writing) but reaches nothing besides its repository's coverage.
   */
  const issueRepositoryToken = (
    caller: Option.Option<Principal>,
    at: RepositoryCoordinates
  ): Effect.Effect<IssuedSecret, AccessError> =>
    Effect.gen(function*() {
      const { organization, repository: target } = yield* repository(caller, at, "admin")
      return yield* issue("repository", organization, "write", target.id)
    })

  /**
   * Makes sure an admin token exists. A configured one replaces whatever was stored; otherwise one
   * is generated on first start and returned so the caller can show it once.
   */
  const ensureAdmin = (configured: Option.Option<string>): Effect.Effect<Option.Option<string>, ServiceUnavailable> =>
    Effect.gen(function*() {
      if (Option.isSome(configured)) {
        yield* store("admin", "admin", configured.value, "admin")
        yield* forgetVerified
        return Option.none()
      }
      if ((yield* credentials.countByKind("admin")) > 0) return Option.none()
      const secret = `${secretPrefix.admin}_${yield* ids.randomString(32)}`
      yield* store("admin", "admin", secret, "admin")
      return Option.some(secret)
    })

  return withSpans("Access", {
    authenticate,
    forgetVerified,
    signedIn,
    installationAdmin,
    organization: access,
    repository,
    issue,
    issueFor,
    issueRepositoryToken,
    ensureAdmin
  })
})

/** Authentication and authorization of callers against organizations and repositories. */
export class Access extends Effect.Service<Access>()("@tidemark/core/Access", {
  /** Follows the revocations of other processes for as long as the layer lives. */
  scoped: make
}) {}
