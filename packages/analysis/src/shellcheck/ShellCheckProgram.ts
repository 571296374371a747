import { Duration, Effect } from "effect"
import { childFences } from "../external/ChildFences.js"
import { runConfined } from "../external/ConfinedRun.js"
import { type InstalledProgram, type MissingProgram, programOnPath } from "../external/ProgramOnPath.js"

/**
 * ShellCheck as installed on this server: its program, its version (the cache keys on it) and the
 * optional checks it lists (`--list-optional`), which a run enables by name. Asked once per process
 * and search path, as ProgramOnPath asks.
 */

export interface ShellCheckProgram {
  readonly _tag: "ShellCheckProgram"
  readonly path: string
  readonly version: string
  readonly optionalChecks: ReadonlyArray<string>
}

/** How to install it, for the problem an analysis shows when it is missing. */
export const installHint = "install shellcheck (apt-get install shellcheck; scripts/install-analysers.sh installs every analyser)"

const query = {
  name: "shellcheck",
  versionArgs: ["--version"],
  versionOf: (output: string) => /^version:\s*(\S+)/m.exec(output)?.[1]
}

/** The names in `shellcheck --list-optional`'s `name:` lines. */
export const optionalChecksOf = (listing: string): ReadonlyArray<string> => Array.from(listing.matchAll(/^name:\s*(\S+)/gm), (match) => match[1] ?? "")

const listLimits = { timeout: Duration.seconds(20), memoryMegabytes: 1024, outputBytes: 1024 * 1024 }

const listed = new Map<string, ReadonlyArray<string>>()

const optionalChecksOfProgram = (program: InstalledProgram): Effect.Effect<ReadonlyArray<string>> => {
  const known = listed.get(program.path)
  if (known !== undefined) return Effect.succeed(known)
  return runConfined({ program: program.path, args: ["--list-optional"], cwd: "/", fences: childFences([program.path]), limits: listLimits }).pipe(
    Effect.map((output) => optionalChecksOf(output.stdout)),
    // A ShellCheck that cannot list them runs without: the optional checks' patterns report nothing.
    Effect.orElseSucceed((): ReadonlyArray<string> => []),
    Effect.tap((names) => Effect.sync(() => listed.set(program.path, names)))
  )
}

/** ShellCheck on the search path (the service's PATH when none is given), or why it cannot be used. */
export const shellCheckOnPath = (searchPath?: string): Effect.Effect<ShellCheckProgram | MissingProgram> =>
  Effect.flatMap(programOnPath(query, searchPath), (found) =>
    found._tag === "MissingProgram"
      ? Effect.succeed(found)
      : Effect.map(optionalChecksOfProgram(found), (optionalChecks): ShellCheckProgram | MissingProgram => ({
        _tag: "ShellCheckProgram",
        path: found.path,
        version: found.version,
        optionalChecks
      })))
