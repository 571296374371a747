import { Schema } from "effect"

/**
 * Domain errors. They carry what a caller needs; the HTTP adapter decides status and body in one
 * mapping module.
 */
export class NotFound extends Schema.TaggedError<NotFound>()("NotFound", {
  what: Schema.Literal("organization", "repository", "branch", "tool", "pattern", "standard", "issue", "file", "coverage", "pullRequest", "commit", "token", "securityItem", "dependency"),
  id: Schema.String
}) {
  override get message() {
    return `${this.what} '${this.id}' not found`
  }
}

/** Input that decodes but breaks a rule of the service (e.g. a pattern id the tool does not have). */
export class InvalidInput extends Schema.TaggedError<InvalidInput>()("InvalidInput", {
  field: Schema.String,
  reason: Schema.String
}) {
  override get message() {
    return `${this.field}: ${this.reason}`
  }
}

/** Input that is well-formed but cannot be processed in the current state of the resource. */
export class Unprocessable extends Schema.TaggedError<Unprocessable>()("Unprocessable", {
  reason: Schema.String
}) {
  override get message() {
    return this.reason
  }
}

/** A change refused because of the current configuration (a standard enforces it, a config file is used, ...). */
export class ConfigurationConflict extends Schema.TaggedError<ConfigurationConflict>()("ConfigurationConflict", {
  reason: Schema.String
}) {
  override get message() {
    return this.reason
  }
}

/**
 * No caller the operation accepts. `kind` says which way: no credential presented, one that does
 * not verify, one of another organization, a credential of a kind this API does not take (an
 * ingestion key, a repository token), or a webhook delivery not signed with the repository's secret.
 */
export class Unauthenticated extends Schema.TaggedError<Unauthenticated>()("Unauthenticated", {
  kind: Schema.Literal("missing", "invalid", "otherOrganization", "wrongKind", "unsigned"),
  reason: Schema.String
}) {
  override get message() {
    return this.reason
  }
}

/**
 * Authenticated, but not allowed: the credential's permission is below the operation's (`needed`,
 * `held`), the operation is the installation admin's alone, or the organization's settings do not
 * allow it.
 */
export class PermissionDenied extends Schema.TaggedError<PermissionDenied>()("PermissionDenied", {
  kind: Schema.Literal("permission", "installationAdmin", "organizationSettings"),
  needed: Schema.optional(Schema.Literal("read", "write", "admin")),
  held: Schema.optional(Schema.Literal("read", "write", "admin")),
  reason: Schema.String
}) {
  override get message() {
    return this.reason
  }
}

/**
 * A dependency the service relies on failed (storage, git, queue). `reason` is what a caller may be
 * told; `cause` keeps the dependency's own error for logs and traces (it may name more than a
 * caller should read).
 */
export class ServiceUnavailable extends Schema.TaggedError<ServiceUnavailable>()("ServiceUnavailable", {
  reason: Schema.String,
  cause: Schema.optional(Schema.Defect)
}) {
  override get message() {
    return this.reason
  }
}
