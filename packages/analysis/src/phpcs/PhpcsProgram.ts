import type { Effect } from "effect"
import { type ProgramLookup, programOnPath } from "../external/ProgramOnPath.js"

/**
 * PHP_CodeSniffer as installed on this server: its program `phpcs` and its version (`3.7.1`),
 * which the cache keys on. Looked up as ProgramOnPath looks.
 */

/** How to install it, for the problem an analysis shows when it is missing. */
export const installHint = "install PHP_CodeSniffer (apt-get install php-codesniffer; scripts/install-analysers.sh installs every analyser)"

/** The version in `phpcs --version`'s answer (`PHP_CodeSniffer version 3.7.1 (stable) by Squiz`). */
export const versionOf = (output: string): string | undefined => /^PHP_CodeSniffer version (\d+\.\d+\S*)/m.exec(output)?.[1]

/** phpcs on the search path (the service's PATH when none is given), or why it cannot be used. */
export const phpcsOnPath = (searchPath?: string): Effect.Effect<ProgramLookup> =>
  programOnPath({ name: "phpcs", versionArgs: ["--version"], versionOf }, searchPath)
