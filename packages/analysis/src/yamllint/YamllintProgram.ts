import type { Effect } from "effect"
import { type ProgramLookup, programOnPath } from "../external/ProgramOnPath.js"

/**
 * yamllint as installed on this server: its program and its version (`1.29.0`), which the cache
 * keys on. Looked up as ProgramOnPath looks.
 */

/** How to install it, for the problem an analysis shows when it is missing. */
export const installHint = "install yamllint (apt-get install yamllint; scripts/install-analysers.sh installs every analyser)"

/** The version in `yamllint --version`'s answer (`yamllint 1.29.0`). */
export const versionOf = (output: string): string | undefined => /^yamllint\s+(\d+\.\d+\S*)\s*$/m.exec(output)?.[1]

/** yamllint on the search path (the service's PATH when none is given), or why it cannot be used. */
export const yamllintOnPath = (searchPath?: string): Effect.Effect<ProgramLookup> =>
  programOnPath({ name: "yamllint", versionArgs: ["--version"], versionOf }, searchPath)
