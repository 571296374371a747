import type { Effect } from "effect"
import { type ProgramLookup, programOnPath } from "../external/ProgramOnPath.js"

/**
 * RuboCop as installed on this server: its program and its version (`1.39.0`), which the cache
 * keys on. Looked up as ProgramOnPath looks.
 */

/** How to install it, for the problem an analysis shows when it is missing. */
export const installHint = "install rubocop (apt-get install rubocop; scripts/install-analysers.sh installs every analyser)"

/** The version in `rubocop --version`'s answer: the version alone. */
export const versionOf = (output: string): string | undefined => /^(\d+\.\d+\.\d+\S*)\s*$/m.exec(output)?.[1]

/** RuboCop on the search path (the service's PATH when none is given), or why it cannot be used. */
export const rubocopOnPath = (searchPath?: string): Effect.Effect<ProgramLookup> =>
  programOnPath({ name: "rubocop", versionArgs: ["--version"], versionOf }, searchPath)
