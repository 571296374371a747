import { Context } from "effect"
import type { ConfigurationFile } from "../domain/CommitAnalysis.js"

/**
 * Which files of a coverage report count, by the repository's configuration file at the reported
 * commit (undefined: the repository has none, or it is not known yet). The analysis package
 * implements it with the rules the analysis itself follows; without it nothing is left out.
 */
export class CoverageScope extends Context.Reference<CoverageScope>()("@tidemark/core/CoverageScope", {
  defaultValue: (): {
    /** A test of a report's path: true when the file is left out of coverage. */
    readonly excluded: (configurationFile: ConfigurationFile | undefined) => (path: string) => boolean
  } => ({ excluded: () => () => false })
}) {}
