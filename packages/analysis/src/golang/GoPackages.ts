import { Duration, Effect, Either, Option, Schema } from "effect"
import type { ChildFences } from "../external/ChildFences.js"
import { runConfined } from "../external/ConfinedRun.js"
import { jsonObjectsOf } from "./JsonStream.js"

/**
 * A module's packages as the go command loads them (`go list -e -json ./...`, offline): each
 * package's folder, import path and files, and whether it loads whole — its imports, direct or
 * not, all found in the checkout, its `vendor/` or the standard library. A package that does not
 * (a required module was never downloaded: Tidemark never downloads one) is checked file by file.
 */

const PackageError = Schema.Struct({ Err: Schema.String })

const Listed = Schema.Struct({
  Dir: Schema.String,
  ImportPath: Schema.String,
  GoFiles: Schema.optional(Schema.Array(Schema.String)),
  TestGoFiles: Schema.optional(Schema.Array(Schema.String)),
  XTestGoFiles: Schema.optional(Schema.Array(Schema.String)),
  TestImports: Schema.optional(Schema.Array(Schema.String)),
  XTestImports: Schema.optional(Schema.Array(Schema.String)),
  Error: Schema.optional(PackageError),
  DepsErrors: Schema.optional(Schema.Array(PackageError))
})

export class GoPackage extends Schema.Class<GoPackage>("GoPackage")({
  /** Absolute, as the go command reports it. */
  dir: Schema.String,
  importPath: Schema.String,
  /** The file names (in `dir`) of the package and its tests. */
  files: Schema.Array(Schema.String),
  /**
   * What its tests import: `go list` loads no test's import, so a package whose tests need a module
   * the checkout lacks is listed without a problem, yet does not load whole for an analyser.
   */
  testImports: Schema.Array(Schema.String),
  /** Why it does not load whole, if it does not. */
  problem: Schema.optional(Schema.String)
}) {}

const decodeListed = Schema.decodeUnknownEither(Schema.parseJson(Listed))

const decodeUnlisted = Schema.decodeUnknownOption(Schema.parseJson(Schema.Struct({ Error: PackageError })))

/**
 * What the go command said of a pattern it could list nothing for (an object without `Dir`: the
 * module's cache unreadable, a go.mod it refuses), rather than that the object does not read.
 */
const unlistedReason = (text: string): string | undefined =>
  Option.getOrUndefined(Option.map(decodeUnlisted(text), (unlisted) => `go list could not list the module: ${unlisted.Error.Err}`))

/** The packages of `go list -e -json`'s output, or why it cannot be read. */
export const readPackages = (output: string): Either.Either<ReadonlyArray<GoPackage>, string> => {
  const packages: Array<GoPackage> = []
  for (const text of jsonObjectsOf(output)) {
    const listed = decodeListed(text)
    if (Either.isLeft(listed)) return Either.left(unlistedReason(text) ?? `go list's output could not be read: ${listed.left.message.split("\n")[0] ?? ""}`)
    const { DepsErrors, Error, ...p } = listed.right
    const problem = Error?.Err ?? DepsErrors?.[0]?.Err
    packages.push(new GoPackage({
      dir: p.Dir,
      importPath: p.ImportPath,
      files: [...(p.GoFiles ?? []), ...(p.TestGoFiles ?? []), ...(p.XTestGoFiles ?? [])],
      testImports: [...(p.TestImports ?? []), ...(p.XTestImports ?? [])],
      ...(problem === undefined ? {} : { problem })
    }))
  }
  return Either.right(packages)
}

export interface ListRequest {
  readonly go: string
  /** The module's root, absolute. */
  readonly cwd: string
  readonly fences: ChildFences
  readonly environment: Readonly<Record<string, string>>
}

// Loading a module's package list reads its files and go.mod only: seconds.
const listLimits = { timeout: Duration.minutes(2), memoryMegabytes: 2048, outputBytes: 64 * 1024 * 1024 }

const lastLineOf = (text: string): string => text.trim().split("\n").at(-1) ?? ""

/** The module's packages, or why the go command could not list them (a go.mod it cannot read). */
export const listPackages = (request: ListRequest): Effect.Effect<Either.Either<ReadonlyArray<GoPackage>, string>> =>
  runConfined({
    program: request.go,
    args: ["list", "-e", "-json", "./..."],
    cwd: request.cwd,
    fences: request.fences,
    limits: listLimits,
    environment: request.environment
  }).pipe(
    Effect.map((output) =>
      output.exitCode === 0 ? readPackages(output.stdout) : Either.left(`go list exited with code ${output.exitCode}: ${lastLineOf(output.stderr)}`)),
    Effect.catchAll((failed) => Effect.succeed(Either.left(failed.message)))
  )
