import { Either, Schema } from "effect"
import { createRequire } from "node:module"
import { reasonOf } from "../LintedFile.js"

/**
 * Ruff's WebAssembly build (`@astral-sh/ruff-wasm-nodejs`): a `Workspace` made of Ruff's options
 * (keys as in `ruff.toml`) checks one source text, with no file name and no file system, so
 * nothing of the repository runs and nothing but the text is read.
 */

type RuffModule = typeof import("@astral-sh/ruff-wasm-nodejs")

// The package is CommonJS and compiles its 10 MB module synchronously when first required: only a
// run that lints Python pays for it, once per process.
let loaded: RuffModule | undefined
const ruff = (): RuffModule => {
  if (loaded === undefined) loaded = createRequire(import.meta.url)("@astral-sh/ruff-wasm-nodejs") as RuffModule
  return loaded
}

/** The version of Ruff the WebAssembly build is made of: `0.17.3`. */
export const ruffVersion = (): string => ruff().Workspace.version()

const Location = Schema.Struct({ row: Schema.Number, column: Schema.Number })

/** The part of a Ruff diagnostic an issue is made of (`check` returns untyped values). */
export const RuffDiagnostic = Schema.Struct({
  /** `F401`; `invalid-syntax` for a syntax error; null for a diagnostic of no rule. */
  code: Schema.NullOr(Schema.String),
  message: Schema.String,
  start_location: Location,
  /** Ruff's fix, safe or not (the WASM build does not say which). */
  fix: Schema.optional(Schema.NullOr(Schema.Struct({
    edits: Schema.Array(Schema.Struct({ content: Schema.NullOr(Schema.String), location: Location, end_location: Location }))
  })))
})
export type RuffDiagnostic = typeof RuffDiagnostic.Type

const decodeDiagnostics = Schema.decodeUnknownSync(Schema.Array(RuffDiagnostic))

/** The code Ruff gives a syntax error, including syntax the target Python version lacks. */
export const syntaxErrorCode = "invalid-syntax"

/** One Workspace's check of a source text. */
export type RuffCheck = (source: string) => ReadonlyArray<RuffDiagnostic>

/** Ruff's options as `ruff.toml` holds them: plain TOML values. */
export type RuffOptions = Readonly<Record<string, unknown>>

/**
 * A check with these options, or why Ruff rejects them (the Workspace's constructor throws on an
 * unknown key, a value of the wrong type, an unknown rule selector).
 */
export const ruffCheckOf = (options: RuffOptions): Either.Either<RuffCheck, string> => {
  const module = ruff()
  return Either.try({
    try: () => new module.Workspace(options, module.PositionEncoding.Utf16),
    catch: reasonOf
  }).pipe(Either.map((workspace): RuffCheck => (source) => decodeDiagnostics(workspace.check(source))))
}

// Options of both levels that mean something of their own at the top: every file, the formatter too.
const globalOptions: ReadonlySet<string> = new Set(["exclude", "preview"])

/**
 * The names of the `lint` options Ruff also takes at the top level (its older form): those of its
 * default settings found at both levels, less the global ones.
 */
export const lintOptionNames = (): ReadonlySet<string> => {
  const defaults: unknown = ruff().Workspace.defaultSettings()
  if (!(defaults instanceof Map)) return new Set()
  const lint: unknown = defaults.get("lint")
  if (!(lint instanceof Map)) return new Set()
  return new Set(
    [...lint.keys()].filter((key): key is string => typeof key === "string" && defaults.has(key) && !globalOptions.has(key))
  )
}
