import { Logger } from "effect"
import { secretPrefix } from "../domain/Secrets.js"

/**
 * What a secret looks like in text that leaves the service (error bodies, log lines, span
 * attributes), and the text with it replaced by `REDACTED`. Secrets travel in query strings (the
 * ingestion API's `api_key`, a provider webhook's token), in URLs (a git remote's
 * `https://user:token@host/…`) and as our own issued secrets wherever they are quoted; the admin
 * token may be any string, so it is only ever redacted where it is sent (a header or a parameter),
 * never recognized in free text.
 */

/** Query parameter names whose values are secrets (compared case-insensitively, `-` and `_` alike). */
const secretParameter = /^(api_?key|apikey|api_?token|access_?token|auth_?token|private_?token|project_?token|token|secret|client_?secret|password|passwd|signature|sig)$/

export const isSecretName = (name: string): boolean => secretParameter.test(name.toLowerCase().replaceAll("-", "_"))

/** Header names whose values are secrets: ours, the coverage reporters' and the webhook hosts'. */
export const secretHeaderNames: ReadonlyArray<string> = [
  "api-token",
  "api_token",
  "project-token",
  "project_token",
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "x-api-key",
  "x-gitlab-token",
  "x-hub-signature",
  "x-hub-signature-256"
]

const redacted = "REDACTED"

// `name=value` after `?`, `&` or `;` in a URL or query string; the value ends where a URL would.
const parameter = /([?&;])([\w.-]+)=([^&#;\s"'<>]*)/g
// `scheme://userinfo@`: a password after `:`, or a bare user that is a token (GitHub accepts one).
const userinfo = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@"'<>]+)@/gi
const issued = new RegExp(`\\b(${Object.values(secretPrefix).join("|")})\\.([\\w-]+)\\.[\\w-]+`, "g")

const redactUserinfo = (_: string, scheme: string, info: string) => {
  const colon = info.indexOf(":")
  if (colon >= 0) return `${scheme}${info.slice(0, colon)}:${redacted}@`
  // `ssh://git@host` names the account every host uses; anything else may be a token.
  return info === "git" ? `${scheme}${info}@` : `${scheme}${redacted}@`
}

/** The text with every secret it shows replaced; everything else as it was. */
export const redactSecrets = (text: string): string =>
  text
    .replace(parameter, (match, separator: string, name: string) =>
      isSecretName(name) ? `${separator}${name}=${redacted}` : match)
    .replace(userinfo, redactUserinfo)
    .replace(issued, `$1.$2.${redacted}`)

/** Whether a text (a request URL, a message) shows a secret that `redactSecrets` would hide. */
export const showsSecret = (text: string): boolean => redactSecrets(text) !== text

/**
 * Effect's default logger with every line redacted: installed at the edge (the bin), so that no
 * log line of the server, its workers or the CLI shows a secret, whatever the code logging it.
 */
export const redactingLogger = Logger.replace(
  Logger.defaultLogger,
  Logger.withConsoleLog(Logger.map(Logger.stringLogger, redactSecrets))
)
