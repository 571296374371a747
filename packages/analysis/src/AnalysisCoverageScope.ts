import { CommitAnalysis, CoverageScope } from "@tidemark/core"
import { Either, Layer } from "effect"
import { AnalysisConfiguration, analysisConfigurationOfFile } from "./AnalysisConfiguration.js"
import { coverageExclusion } from "./AnalysisScope.js"

/**
 * The coverage of a commit counts the files its analysis would read, less the `coverage` engine's
 * `exclude_paths`: the default ignored paths and the configuration file's exclusions, as the analysis
 * applies them. A file that cannot be read configures nothing, as it does for the analysis (which
 * shows the problem).
 */
export const excluded = (file: CommitAnalysis.ConfigurationFile | undefined): (path: string) => boolean =>
  coverageExclusion(Either.getOrElse(analysisConfigurationOfFile(file), () => AnalysisConfiguration.none))

export const layer = Layer.succeed(CoverageScope.CoverageScope, CoverageScope.CoverageScope.of({ excluded }))
