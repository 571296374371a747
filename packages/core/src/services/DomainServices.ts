import { Layer } from "effect"
import { Access } from "./Access.js"
import { AdvisoryImports } from "./AdvisoryImports.js"
import { Analyses } from "./Analyses.js"
import { BranchHistory } from "./BranchHistory.js"
import { Branches } from "./Branches.js"
import { Catalogue } from "./Catalogue.js"
import { ChangeDetails } from "./ChangeDetails.js"
import { ChangeVerdicts } from "./ChangeVerdicts.js"
import { CodingStandards } from "./CodingStandards.js"
import { CommitReads } from "./CommitReads.js"
import { CoverageUploads } from "./CoverageUploads.js"
import { GitHosts } from "./GitHosts.js"
import { GitHostWebhooks } from "./GitHostWebhooks.js"
import { Badges } from "./Badges.js"
import { Ingestion } from "./Ingestion.js"
import { IssueTriage } from "./IssueTriage.js"
import { LanguageCatalogue } from "./LanguageCatalogue.js"
import { Metrics } from "./Metrics.js"
import { Organizations } from "./Organizations.js"
import { PatternConfiguration } from "./PatternConfiguration.js"
import { PullRequestBypasses } from "./PullRequestBypasses.js"
import { PullRequestReads } from "./PullRequestReads.js"
import { PullRequests } from "./PullRequests.js"
import { QualitySettings } from "./QualitySettings.js"
import { ReporterCoverage } from "./ReporterCoverage.js"
import { defaultGitUrlTemplates, GitUrls, type GitUrlTemplates, Repositories } from "./Repositories.js"
import { RepositoryAnalysis } from "./RepositoryAnalysis.js"
import { RepositoryFiles } from "./RepositoryFiles.js"
import { QuickFixes } from "./QuickFixes.js"
import { RepositoryIssues } from "./RepositoryIssues.js"
import { RepositoryLanguages } from "./RepositoryLanguages.js"
import { SarifImports } from "./SarifImports.js"
import { Sbom } from "./Sbom.js"
import { SecurityAndRisk } from "./SecurityAndRisk.js"
import { Tokens } from "./Tokens.js"
import { ToolConfiguration } from "./ToolConfiguration.js"

/**
 * Every domain service of the APIs over the ports (storage, catalogue, git reader, id generator,
 * event queue, event store): what an application built on the core provides its ports to. Each
 * service brings the services it needs; a service several need (Access, ChangeVerdicts…) is built
 * once, as a layer is within one composition. The ingestion and analysis workers are composed apart,
 * where a process runs them.
 */
export const layer = (templates: GitUrlTemplates = defaultGitUrlTemplates) =>
  Layer.mergeAll(
    Access.Default,
    AdvisoryImports.Default,
    Analyses.Default,
    BranchHistory.Default,
    Branches.Default,
    Catalogue.Default,
    ChangeDetails.Default,
    ChangeVerdicts.Default,
    CodingStandards.Default,
    CommitReads.Default,
    CoverageUploads.Default,
    GitHosts.Default,
    GitHostWebhooks.Default,
    Badges.Default,
    Ingestion.Default,
    IssueTriage.Default,
    LanguageCatalogue.Default,
    Metrics.Default,
    Organizations.Default,
    PatternConfiguration.Default,
    PullRequestBypasses.Default,
    PullRequestReads.Default,
    PullRequests.Default,
    QualitySettings.Default,
    ReporterCoverage.Default,
    Repositories.Default,
    RepositoryAnalysis.Default,
    RepositoryFiles.Default,
    RepositoryIssues.Default,
    QuickFixes.Default,
    RepositoryLanguages.Default,
    SarifImports.Default,
    Sbom.Default,
    SecurityAndRisk.Default,
    Tokens.Default,
    ToolConfiguration.Default
  ).pipe(Layer.provide(Layer.succeed(GitUrls, templates)))
