import { Effect, Option } from "effect"
import { InvalidInput } from "../domain/Errors.js"
import {
  type AddOrganizationBody,
  AddOrganizationResponse,
  JoinResponse,
  OrganizationListResponse,
  organizationInfoOf,
  organizationWithMetaOf,
  User,
  UserResponse
} from "../domain/OrganizationViews.js"
import { OrganizationSettings, type UpdateOrganizationSettingsBody } from "../domain/OrganizationSettings.js"
import { paginate, pageRequest } from "../domain/Pagination.js"
import type { OrganizationCoordinates, Principal } from "../domain/Principal.js"
import { CredentialStore } from "../ports/CredentialStore.js"
import { Hasher } from "../ports/Hasher.js"
import { OrganizationStore } from "../ports/OrganizationStore.js"
import { Access } from "./Access.js"
import { withSpans } from "../runtime/Spans.js"

type Caller = Option.Option<Principal>

const make = Effect.gen(function*() {
  const access = yield* Access
  const organizationStore = yield* OrganizationStore
  const credentials = yield* CredentialStore

  /** Any token of the organization may read them: they explain what its analyses may do. */
  const settings = (caller: Caller, at: OrganizationCoordinates) =>
    Effect.flatMap(access.organization(caller, at, "read"), (organization) => organizationStore.organizationSettings(organization.id))

  /**
   * Only the installation admin changes them: they widen what repository code may do on the
   * installation's workers, which an organization's own admin token must not decide for itself.
   */
  const updateSettings = (caller: Caller, at: OrganizationCoordinates, body: UpdateOrganizationSettingsBody) =>
    Effect.gen(function*() {
      // Checked first, so that a token of another organization learns nothing (401), as everywhere.
      const organization = yield* access.organization(caller, at, "read")
      yield* access.installationAdmin(caller, "Only the installation admin may change an organization's settings")
      const current = yield* organizationStore.organizationSettings(organization.id)
      const changed = new OrganizationSettings({
        allowConfigurationFiles: body.allowConfigurationFiles ?? current.allowConfigurationFiles
      })
      yield* organizationStore.saveOrganizationSettings(organization.id, changed)
      return changed
    })

  /**
   * listOrganizations: what the token can see. An organization's token sees its organization; the
   * installation admin every organization of the provider. Ingestion keys see none (401).
   */
  const list = (caller: Caller, provider: string, cursor: string | undefined, limit: number | undefined) =>
    Effect.gen(function*() {
      const request = yield* pageRequest(cursor, limit)
      const principal = yield* access.signedIn(caller)
      const ids = principal.isAdmin ? undefined : principal.organizationId === undefined ? [] : [principal.organizationId]
      const found = yield* organizationStore.listOrganizations(provider, ids)
      const page = paginate(found, (organization) => [organization.name], request)
      return OrganizationListResponse.make({
        data: page.items.map((organization) => organizationInfoOf(organization, !principal.isAdmin)),
        pagination: page.pagination
      })
    })

  /** getOrganization, with the caller's role in it. */
  const get = (caller: Caller, at: OrganizationCoordinates) =>
    Effect.gen(function*() {
      const organization = yield* access.organization(caller, at, "read")
      const administers = Option.exists(caller, (principal) => principal.isAdmin || principal.permission === "admin")
      const member = Option.exists(caller, (principal) => !principal.isAdmin)
      return organizationWithMetaOf(organization, administers ? "admin" : "member", member)
    })

  /** getUser: the calling token as its user (User says why); a number of 48 bits from its id's SHA-256. */
  const user = (caller: Caller) =>
    Effect.gen(function*() {
      const principal = yield* access.signedIn(caller)
      const hasher = yield* Hasher
      const id = Number.parseInt((yield* hasher.sha256Hex(principal.credentialId)).slice(0, 12), 16)
      const credential = yield* credentials.find(principal.credentialId)
      return UserResponse.make({
        data: User.make({
          id,
          name: principal.isAdmin ? "admin" : principal.credentialId,
          mainEmail: "",
          otherEmails: [],
          isAdmin: principal.isAdmin,
          isActive: true,
          created: Option.match(credential, { onNone: () => new Date(0).toISOString(), onSome: (found) => found.createdAt })
        })
      })
    })

  /**
   * addOrganization: the organization's record, which adding a repository or issuing a token also
   * creates on first use. The installation admin adds any; an organization's admin token can only
   * name its own (then already there). Adding one already there answers it, with a warning.
   */
  const add = (caller: Caller, body: AddOrganizationBody) =>
    Effect.gen(function*() {
      const name = body.name.trim()
      if (name === "") return yield* new InvalidInput({ field: "name", reason: "must not be empty" })
      const at = { provider: body.provider, organization: name }
      const principal = yield* access.signedIn(caller)
      const existing = principal.isAdmin
        ? yield* organizationStore.findOrganization(body.provider, name)
        : Option.some(yield* access.organization(caller, at, "admin"))
      const organization = Option.isSome(existing) ? existing.value : yield* organizationStore.ensureOrganization(body.provider, name)
      const warnings = [
        ...(Option.isSome(existing) ? [`The organization ${body.provider}/${organization.name} was already added`] : []),
        ...(body.type === "Account" ? ["Tidemark has no personal accounts: the account is kept as an organization"] : [])
      ]
      return AddOrganizationResponse.make({
        organization: organizationInfoOf(organization, !principal.isAdmin),
        ...(warnings.length === 0 ? {} : { warnings })
      })
    })

  /**
   * joinOrganization: membership is holding one of the organization's tokens, so a token of it has
   * joined already; the installation admin acts as a member of every organization. Nothing changes.
   */
  const join = (caller: Caller, at: OrganizationCoordinates) =>
    Effect.map(access.organization(caller, at, "read"), (organization) =>
      JoinResponse.make({ organizationIdentifier: organization.id, joinStatus: "member" }))

  return withSpans("Organizations", { settings, updateSettings, list, get, user, add, join })
})

/** listOrganizations, getOrganization, addOrganization, joinOrganization and getUser; the installation admin's settings of organizations (our admin extension). */
export class Organizations extends Effect.Service<Organizations>()("@tidemark/core/Organizations", {
  effect: make,
  dependencies: [Access.Default]
}) {}
