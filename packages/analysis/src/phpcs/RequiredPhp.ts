import { Either, type Effect, Schema } from "effect"
import { type ProgramLookup, programOnPath } from "../external/ProgramOnPath.js"

/**
 * The PHP a repository is written for against the PHP that judges its syntax here. Generic.PHP.Syntax
 * runs the server's `php -l` (PHP 8.2 with Debian's phpcs): a project that requires a newer PHP
 * (composer.json's `require.php`, `^8.3`) may use syntax 8.2 refuses, which `php -l` calls a syntax
 * error (laravel/framework's fixture of a PHP 8.5 closure in an attribute). Its syntax errors are
 * then not reported, and the analysis says why.
 */

/** A PHP version as major and minor: `[8, 3]`. */
export type PhpVersion = readonly [number, number]

const Composer = Schema.parseJson(Schema.Struct({ require: Schema.optional(Schema.Struct({ php: Schema.optional(Schema.String) })) }))

/** The lowest PHP the constraint allows: the lowest first version of its alternatives (`^7.2.5 || ^8.0` → 7.2). */
export const lowestOf = (constraint: string): PhpVersion | undefined =>
  constraint
    .split(/\|\|?/)
    .flatMap((alternative): ReadonlyArray<PhpVersion> => {
      const found = /(\d+)(?:\.(\d+))?/.exec(alternative)
      return found === null ? [] : [[Number(found[1]), Number(found[2] ?? "0")]]
    })
    .reduce<PhpVersion | undefined>((lowest, version) => (lowest === undefined || compare(version, lowest) < 0 ? version : lowest), undefined)

export const compare = (a: PhpVersion, b: PhpVersion): number => a[0] - b[0] || a[1] - b[1]

/** The lowest PHP a composer.json requires, when it says. */
export const requiredPhpOf = (composerJson: string): PhpVersion | undefined => {
  const decoded = Schema.decodeUnknownEither(Composer)(composerJson)
  const constraint = Either.isRight(decoded) ? decoded.right.require?.php : undefined
  return constraint === undefined ? undefined : lowestOf(constraint)
}

/** The version in `php -v`'s answer (`PHP 8.2.36 (cli) …`). */
export const phpVersionOf = (output: string): string | undefined => /^PHP (\d+\.\d+\.\d+)/m.exec(output)?.[1]

/** `8.2.36` → `[8, 2]`. */
export const versionParts = (version: string): PhpVersion => {
  const [major = "0", minor = "0"] = version.split(".")
  return [Number(major), Number(minor)]
}

/** php on the search path (the service's PATH when none is given): the PHP `php -l` is. */
export const phpOnPath = (searchPath?: string): Effect.Effect<ProgramLookup> =>
  programOnPath({ name: "php", versionArgs: ["-v"], versionOf: phpVersionOf }, searchPath)
