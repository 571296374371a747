import { Schema } from "effect"
import { isHttpUrl } from "./HttpUrl.js"

/**
 * What Tidemark needs to tell a repository's git host (GitHub, GitHub Enterprise, GitLab) the
 * verdict on a commit: an access token of the host and, for a self-hosted host, its API's base URL.
 * The token is kept `Redacted`: printed or logged it shows `<redacted>`, and no read of the
 * settings answers it.
 */

/** An `http(s)` URL without a trailing slash: paths are appended to it. */
export const ApiBaseUrl = Schema.Trim.pipe(
  Schema.filter(isHttpUrl, {
    message: () => "expected an http(s) URL, such as https://github.example.com/api/v3"
  }),
  Schema.transform(Schema.String, { strict: true, decode: (url) => url.replace(/\/+$/, ""), encode: (url) => url })
)

export class GitHostSettings extends Schema.Class<GitHostSettings>("GitHostSettings")({
  token: Schema.Redacted(Schema.String),
  /** Left out: the host's public API (https://api.github.com, https://gitlab.com/api/v4). */
  apiBaseUrl: Schema.optional(Schema.String),
  /**
   * Whether Tidemark also writes in the repository's pull requests: a comment on each new issue's
   * line and one summary with the gate's verdict (opt-in: false unless set).
   */
  decoratePullRequests: Schema.optionalWith(Schema.Boolean, { default: () => false })
}) {}

/** The body setting a repository's git host: the token in clear, once, over the admin API. */
export class SetGitHostBody extends Schema.Class<SetGitHostBody>("SetGitHostBody")({
  token: Schema.Trim.pipe(Schema.minLength(1, { message: () => "expected a token" })),
  apiBaseUrl: Schema.optional(ApiBaseUrl),
  /** Comment on the pull requests' new issues and sum up the verdict in them; false when left out. */
  decoratePullRequests: Schema.optional(Schema.Boolean)
}) {}

/** What a read of the settings shows: whether a token is set, never the token. */
export class GitHostView extends Schema.Class<GitHostView>("GitHostView")({
  configured: Schema.Boolean,
  /** The API the statuses go to, when it is not the host's public one. */
  apiBaseUrl: Schema.optional(Schema.String),
  /** Whether pull requests get comments and a summary, when a token is set. */
  decoratePullRequests: Schema.optional(Schema.Boolean)
}) {}
