import { Effect, Schema } from "effect"
import { Unauthenticated } from "./Errors.js"
import { Permission } from "./Repository.js"
import { CredentialKind } from "./Records.js"

/** Who is calling: resolved from a presented secret. The admin has no organization and may do anything. */
export class Principal extends Schema.Class<Principal>("Principal")({
  credentialId: Schema.String,
  kind: CredentialKind,
  organizationId: Schema.optional(Schema.Int),
  /** Set for a repository token: the only repository it reaches. */
  repositoryId: Schema.optional(Schema.Int),
  permission: Permission
}) {
  get isAdmin(): boolean {
    return this.kind === "admin"
  }
}

/** Where an analysis operation points: `{provider}/{remoteOrganizationName}[/{repositoryName}]`. */
export interface OrganizationCoordinates {
  readonly provider: string
  readonly organization: string
}

export interface RepositoryCoordinates extends OrganizationCoordinates {
  readonly repository: string
}

/** The organization an ingestion key pushes to and reads metrics of; any other credential is refused. */
export const ingestionOrganizationOf = (principal: Principal): Effect.Effect<number, Unauthenticated> =>
  principal.kind === "ingestion" && principal.organizationId !== undefined
    ? Effect.succeed(principal.organizationId)
    : Effect.fail(new Unauthenticated({ kind: "wrongKind", reason: "The api_key is not an ingestion key" }))
