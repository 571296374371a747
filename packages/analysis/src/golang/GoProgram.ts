import { Effect } from "effect"
import { type ProgramLookup, programOnPath } from "../external/ProgramOnPath.js"

/**
 * The Go toolchain and Staticcheck as installed on this server, each with its version (the cache
 * keys on it). Staticcheck is `staticcheck` upstream and `go-staticcheck` in Debian's package;
 * both need `go` itself, which loads the packages for them.
 */

/** How to install them, for the problem an analysis shows when they are missing. */
export const installHint = "install Go and Staticcheck (apt-get install golang-go go-staticcheck; scripts/install-analysers.sh installs every analyser)"

/** `go version go1.19.8 linux/amd64` → `1.19.8`. */
export const goVersionOf = (output: string): string | undefined => /^go version go(\S+)/m.exec(output)?.[1]

/** `staticcheck 2023.1 (v0.4.0)` (or `go-staticcheck …`) → `2023.1 (v0.4.0)`. */
export const staticcheckVersionOf = (output: string): string | undefined => /^(?:go-)?staticcheck\s+(\S.*)$/m.exec(output)?.[1]?.trim()

export const goOnPath = (searchPath?: string): Effect.Effect<ProgramLookup> =>
  programOnPath({ name: "go", versionArgs: ["version"], versionOf: goVersionOf }, searchPath)

/** Staticcheck under either name, the upstream one first. */
export const staticcheckOnPath = (searchPath?: string): Effect.Effect<ProgramLookup> =>
  Effect.flatMap(programOnPath({ name: "staticcheck", versionArgs: ["-version"], versionOf: staticcheckVersionOf }, searchPath), (found) =>
    found._tag === "InstalledProgram"
      ? Effect.succeed(found)
      : programOnPath({ name: "go-staticcheck", versionArgs: ["-version"], versionOf: staticcheckVersionOf }, searchPath))
