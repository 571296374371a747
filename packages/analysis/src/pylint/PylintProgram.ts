import type { Effect } from "effect"
import { type ProgramLookup, programOnPath } from "../external/ProgramOnPath.js"

/**
 * Pylint as installed on this server: its program and its version (`2.16.2`), which the cache keys
 * on. Looked up as ProgramOnPath looks.
 */

/** How to install it, for the problem an analysis shows when it is missing. */
export const installHint = "install Pylint (apt-get install pylint; scripts/install-analysers.sh installs every analyser)"

/** The version in `pylint --version`'s answer (`pylint 2.16.2`, then astroid's and Python's). */
export const versionOf = (output: string): string | undefined => /^pylint\s+(\d+\.\d+\S*)\s*$/m.exec(output)?.[1]

/** Pylint on the search path (the service's PATH when none is given), or why it cannot be used. */
export const pylintOnPath = (searchPath?: string): Effect.Effect<ProgramLookup> =>
  programOnPath({ name: "pylint", versionArgs: ["--version"], versionOf }, searchPath)
