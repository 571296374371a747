import { lintSource } from "@secretlint/core"
import { secretLintProfiler } from "@secretlint/profiler"
import { creator as recommended } from "@secretlint/secretlint-rule-preset-recommend"
import type { SecretLintCoreConfig, SecretLintCoreResultMessage } from "@secretlint/types"
import { Array as Arr, Effect, Order } from "effect"
import { createHash } from "node:crypto"

// secretlint profiles every rule on every file unless told not to: two `performance.mark`s each,
// kept in the process's performance timeline and in the profiler's own lists for as long as the
// process lives (secretlint/secretlint#1633). A server's analysis thread grew by tens of MB per
// analysis, and a third of an analysis's time was the garbage collector's.
secretLintProfiler.setEnabled(false)

/**
 * A secret committed in a text file, as the issue asks to keep it: the rule, the file, the line
 * and a masked preview. The secret itself is in no field; the fingerprint identifies it.
 */
export interface SecretFinding {
  /** The preset's rule id, then `/` and secretlint's message id (the kind of secret within the rule). */
  readonly ruleId: string
  readonly path: string
  /** 1-based line where the secret starts. */
  readonly line: number
  /** Secretlint's message with every secret of the file masked (its messages quote the secret). */
  readonly message: string
  /** The line of the secret, trimmed, at most 200 characters, every secret on it masked. */
  readonly preview: string
  /** Hex SHA-256 of ruleId, path and the secret: the same secret moved to another line keeps it. */
  readonly fingerprint: string
}

/**
 * The first 4 characters, then a star for each other one. A short secret would be half shown by
 * its first 4, so it is all stars, and at least 4 of them, so that the mask does not tell how short.
 */
export const maskSecret = (secret: string): string =>
  secret.length <= 8 ? "*".repeat(Math.max(4, secret.length)) : secret.slice(0, 4) + "*".repeat(secret.length - 4)

/** Larger files are data (dumps, bundles, fixtures), not text someone pastes a key into. */
const maxFileBytes = 1024 * 1024

/**
 * Generated files: lockfiles are integrity hashes and resolved URLs, minified bundles and source
 * maps are machine output; all are dense with high-entropy strings that only make noise, and no
 * one types a credential into them. This gives up one check of the npm rule, which looks for
 * GitHub tokens in `x-oauth-basic` URLs of package-lock.json.
 */
const generatedNames: ReadonlySet<string> = new Set(["package-lock.json", "yarn.lock", "pnpm-lock.yaml"])
const generatedSuffixes: ReadonlyArray<string> = [".min.js", ".map"]

/**
 * A PKCS#12 container is binary, and the GCP rule checks one by reading the file at the given path
 * from disk, which is the repository's path, not one on this machine: it is never handed over.
 */
const diskReadSuffix = ".p12"

const nameOf = (path: string) => path.slice(path.lastIndexOf("/") + 1)
const extensionOf = (name: string) => (name.lastIndexOf(".") > 0 ? name.slice(name.lastIndexOf(".")) : "")

const isScanned = (file: { readonly path: string; readonly content: string }) =>
  !generatedNames.has(nameOf(file.path)) &&
  !generatedSuffixes.some((suffix) => file.path.endsWith(suffix)) &&
  !file.path.endsWith(diskReadSuffix) &&
  Buffer.byteLength(file.content, "utf8") <= maxFileBytes &&
  // A NUL character means binary content decoded as text: the rules are for text.
  !file.content.includes("\u0000")

/** Built once: the preset's rules are plain objects, shared by every lint. */
const config: SecretLintCoreConfig = {
  rules: [{ id: "@secretlint/secretlint-rule-preset-recommend", rule: recommended }]
}

/** A secret as it stands in the file: where it starts and its text. */
interface Located {
  readonly start: number
  readonly text: string
}

/**
 * The preset's messages quote the matched text in their data (under KEY, TOKEN, ID, URL, URI or
 * CREDENTIAL) and describe it under these two; any other value is taken for a secret, so that a
 * new rule's quote is masked too.
 */
const descriptiveData: ReadonlySet<string> = new Set(["typeName", "FILE_NAME"])

const quotedSecrets = (message: SecretLintCoreResultMessage): ReadonlyArray<string> =>
  Object.entries(message.data ?? {}).flatMap(([key, value]) =>
    typeof value === "string" && value !== "" && !descriptiveData.has(key) ? [value] : [])

/**
 * Where the secret is. Not always at `range`: the AWS secret-key and the npm x-oauth-basic checks
 * report the start of the whole match (`AWS_SECRET_ACCESS_KEY = …`) with the length of the key, so
 * the range would cut the key in half. The quoted secret's first occurrence from the range's start
 * on is the one the rule matched; a message quoting none (a GCP service-account file, whose data
 * is its file name, with the whole file as range) has its range for the secret.
 */
const locate = (content: string, message: SecretLintCoreResultMessage): Located => {
  const [from, to] = message.range
  const found = quotedSecrets(message)
    .map((text) => ({ start: content.indexOf(text, from), text }))
    .filter((candidate) => candidate.start !== -1)
    .sort((a, b) => a.start - b.start || b.text.length - a.text.length)
  return found[0] ?? { start: from, text: content.slice(from, to) }
}

const lineOf = (content: string, offset: number) => {
  let line = 1
  for (let i = content.indexOf("\n"); i !== -1 && i < offset; i = content.indexOf("\n", i + 1)) line++
  return line
}

const lineStartOf = (content: string, offset: number) => content.lastIndexOf("\n", offset - 1) + 1
const lineEndOf = (content: string, offset: number) => {
  const end = content.indexOf("\n", offset)
  return end === -1 ? content.length : end
}

/** Replaces each occurrence of each text by its mask, the longest first so that none is half replaced. */
const maskAll = (text: string, secrets: ReadonlyArray<string>) =>
  secrets
    .filter((secret) => secret !== "")
    .sort((a, b) => b.length - a.length)
    .reduce((masked, secret) => masked.replaceAll(secret, maskSecret(secret)), text)

/**
 * The lines of one secret with every secret of the file masked by position (a secret spanning
 * lines, two secrets on one line) and then by text (the same secret repeated on the line).
 */
const previewOf = (content: string, secret: Located, secrets: ReadonlyArray<Located>) => {
  const spans = secrets.map((s) => [s.start, s.start + s.text.length] as const).sort((a, b) => a[0] - b[0])
  let start = lineStartOf(content, secret.start)
  let end = lineEndOf(content, Math.max(secret.start, secret.start + secret.text.length - 1))
  // A secret that straddles the edge of the lines is shown whole, masked, rather than cut.
  for (const [from, to] of spans) {
    if (from < end && to > start) {
      start = Math.min(start, lineStartOf(content, from))
      end = Math.max(end, lineEndOf(content, Math.max(from, to - 1)))
    }
  }
  let text = ""
  let at = start
  for (const [from, to] of spans) {
    if (to <= at || from >= end) continue
    text += content.slice(at, Math.max(at, from)) + maskSecret(content.slice(Math.max(at, from), to))
    at = to
  }
  text += content.slice(at, end)
  const line = maskAll(text, secrets.map((s) => s.text)).replace(/\s*\r?\n\s*/g, " ").trim()
  return line.length > 200 ? `${line.slice(0, 199)}…` : line
}

const fingerprintOf = (ruleId: string, path: string, secret: string) =>
  createHash("sha256").update(`${ruleId}\0${path}\0${secret}`).digest("hex")

/**
 * Passwords of URLs that no one uses for real: the placeholders of documentation and tests
 * (`http://user:pass@proxy:3128` in requests' proxy docs and URL-parsing tests). The preset skips
 * `password` and `username`; a basic-auth finding with one of these is noise, not a credential.
 */
const placeholderPasswords: ReadonlySet<string> = new Set([
  "pass", "password", "passwd", "pwd", "secret", "changeme", "example", "xxx", "xxxx", "***", "****", "redacted", "p@ssw0rd", "hunter2"
])

const isPlaceholder = (message: SecretLintCoreResultMessage, secret: Located) => {
  if (!message.ruleId.includes("basicauth")) return false
  const credentials = secret.text.replace(/@.*$/s, "").replace(/^.*\/\//s, "")
  const password = credentials.slice(credentials.indexOf(":") + 1)
  return credentials.includes(":") && placeholderPasswords.has(password.toLowerCase())
}

const findingsOf = (path: string, content: string, messages: ReadonlyArray<SecretLintCoreResultMessage>): ReadonlyArray<SecretFinding> => {
  const found = messages.map((message) => ({ message, secret: locate(content, message) })).filter((f) => !isPlaceholder(f.message, f.secret))
  const secrets = found.map((f) => f.secret)
  const maskable = [...secrets.map((s) => s.text), ...messages.flatMap(quotedSecrets)]
  return found.map(({ message, secret }) => {
    const ruleId = message.messageId === "" ? message.ruleId : `${message.ruleId}/${message.messageId}`
    return {
      ruleId,
      path,
      line: lineOf(content, secret.start),
      message: maskAll(message.message, maskable),
      preview: previewOf(content, secret, secrets),
      fingerprint: fingerprintOf(ruleId, path, secret.text)
    }
  })
}

const scanFile = (file: { readonly path: string; readonly content: string }) =>
  Effect.map(
    // A rejection is a bug of a rule (each catches its own parse failures), hence a defect.
    Effect.promise(() =>
      lintSource({
        source: { content: file.content, filePath: file.path, ext: extensionOf(nameOf(file.path)), contentType: "text" },
        // The path is the repository's, not one on this disk, so rules are told there is no file behind it.
        options: { config, noPhysicFilePath: true }
      })
    ),
    (result) => findingsOf(file.path, file.content, result.messages)
  )

const byPlace: Order.Order<SecretFinding> = Order.combine(
  Order.mapInput(Order.string, (f: SecretFinding) => f.path),
  Order.combine(
    Order.mapInput(Order.number, (f: SecretFinding) => f.line),
    Order.mapInput(Order.string, (f: SecretFinding) => f.ruleId)
  )
)

/**
 * Secretlint's recommended preset over text files, sorted by path, line and rule. The rules are
 * synchronous regular expressions, so running files a few at a time uses no more cores; the bound
 * only keeps few files' lint state (line index, rule contexts) alive at once on a large checkout.
 */
export const scanSecrets = (
  files: ReadonlyArray<{ readonly path: string; readonly content: string }>
): Effect.Effect<ReadonlyArray<SecretFinding>> =>
  Effect.forEach(files.filter(isScanned), scanFile, { concurrency: 4 }).pipe(
    Effect.map((perFile) => Arr.sort(perFile.flat(), byPlace)),
    Effect.withSpan("SecretScan.scanSecrets", { attributes: { files: files.length } })
  )
