import { Schema } from "effect"

/**
 * Domain errors. They carry what a caller needs; the HTTP adapter decides status and body in one
 * mapping module.
 */
export class NotFound extends Schema.TaggedError<NotFound>()("NotFound", {
  what: Schema.Literal("organization", "repository", "branch", "tool", "pattern", "standard", "issue", "file", "coverage", "pullRequest", "commit", "token"),
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

export class Unauthenticated extends Schema.TaggedError<Unauthenticated>()("Unauthenticated", {
  reason: Schema.String
}) {
  override get message() {
    return this.reason
  }
}

/** Authenticated, but the credential's permission does not cover the operation. */
export class PermissionDenied extends Schema.TaggedError<PermissionDenied>()("PermissionDenied", {
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
