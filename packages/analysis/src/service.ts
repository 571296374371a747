/**
 * What the service's own process uses (Server.ts): the analysis threads' front, the tools'
 * installations, coverage and SARIF readers, the sandbox's fences. Nothing here loads ESLint,
 * TypeScript, Stylelint or the grammars: only the analysis threads, which load the whole package
 * (index.ts), lint and measure.
 */
export { sandboxConfinement, sandboxCopyPrefix } from "./ConfigLintSandbox.js"
export * as SandboxLauncher from "./SandboxLauncher.js"
export * as ExternalAnalysers from "./external/ChildFences.js"
export * as ThreadedAnalyzer from "./ThreadedAnalyzer.js"
export * as AnalysisCoverageScope from "./AnalysisCoverageScope.js"
export * as ReportCoverageReader from "./ReportCoverageReader.js"
export * as LogSarifReader from "./LogSarifReader.js"
export * as InstalledTools from "./tools/InstalledTools.js"
export { isLanguage } from "./Language.js"
