import type { Effect } from "effect"
import { type ProgramLookup, programOnPath } from "../external/ProgramOnPath.js"

/**
 * Cppcheck as installed on this server: its program and its version (`Cppcheck 2.10`), which the
 * cache keys on. Looked up as ProgramOnPath looks.
 */

/** How to install it, for the problem an analysis shows when it is missing. */
export const installHint = "install cppcheck (apt-get install cppcheck; scripts/install-analysers.sh installs every analyser)"

/** The version in `cppcheck --version`'s answer. */
export const versionOf = (output: string): string | undefined => /^Cppcheck\s+(\S+)/m.exec(output)?.[1]

/** Cppcheck on the search path (the service's PATH when none is given), or why it cannot be used. */
export const cppcheckOnPath = (searchPath?: string): Effect.Effect<ProgramLookup> =>
  programOnPath({ name: "cppcheck", versionArgs: ["--version"], versionOf }, searchPath)
