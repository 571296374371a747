import { Schema } from "effect"
import { Permission } from "./Repository.js"
import { CredentialKind } from "./Records.js"

/** Who is calling: resolved from a presented secret. The admin has no organization and may do anything. */
export class Principal extends Schema.Class<Principal>("Principal")({
  credentialId: Schema.String,
  kind: CredentialKind,
  organizationId: Schema.optional(Schema.Int),
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
