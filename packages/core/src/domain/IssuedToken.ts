import { Schema } from "effect"
import { Permission } from "./Repository.js"

/**
 * The kinds of secret an organization is issued, named as the issuing operations answer them:
 * `api` an API token (analysis and admin APIs), `repository` a repository token (the coverage
 * reporters' project-token), `ingestion` an ingestion key.
 */
export const IssuedTokenKind = Schema.Literal("api", "ingestion", "repository")
export type IssuedTokenKind = typeof IssuedTokenKind.Type

/** An issued secret as its organization's admin sees it: what it reaches and when it was used, never the secret or its hash. */
export class IssuedToken extends Schema.Class<IssuedToken>("IssuedToken")({
  id: Schema.String,
  kind: IssuedTokenKind,
  permission: Permission,
  /** The one repository a repository token reaches; absent for the other kinds. */
  repository: Schema.optional(Schema.String),
  createdAt: Schema.String,
  /** When it last authenticated, to the minute; null when it never has. */
  lastUsedAt: Schema.NullOr(Schema.String)
}) {}
