import { Layer } from "effect"
import { Access } from "./Access.js"
import { Analyses } from "./Analyses.js"
import { Catalogue } from "./Catalogue.js"
import { GitHostWebhooks } from "./GitHostWebhooks.js"
import { CoverageUploads } from "./CoverageUploads.js"
import { ReporterCoverage } from "./ReporterCoverage.js"
import { SarifImports } from "./SarifImports.js"
import { CodingStandards } from "./CodingStandards.js"
import { BranchHistory } from "./BranchHistory.js"
import { ChangeDetails } from "./ChangeDetails.js"
import { ChangeVerdicts } from "./ChangeVerdicts.js"
import { CommitReads } from "./CommitReads.js"
import { PullRequestReads } from "./PullRequestReads.js"
import { GitHosts } from "./GitHosts.js"
import { Ingestion } from "./Ingestion.js"
import { Metrics } from "./Metrics.js"
import { Organizations } from "./Organizations.js"
import { PatternConfiguration } from "./PatternConfiguration.js"
import { PullRequests } from "./PullRequests.js"
import { QualitySettings } from "./QualitySettings.js"
import { Repositories, type GitUrlTemplates, defaultGitUrlTemplates } from "./Repositories.js"
import { RepositoryAnalysis } from "./RepositoryAnalysis.js"
import { RepositoryFiles } from "./RepositoryFiles.js"
import { RepositoryIssues } from "./RepositoryIssues.js"
import { Tokens } from "./Tokens.js"
import { ToolConfiguration } from "./ToolConfiguration.js"

/**
 * Every domain service of the APIs over the ports (storage, catalogue, git reader, id generator,
 * event queue, event store): what an application built on the core provides its ports to. The ingestion worker
 * is composed apart, where a process runs it.
 */
export const layer = (templates: GitUrlTemplates = defaultGitUrlTemplates) =>
  Layer.mergeAll(
    RepositoryAnalysis.layer,
    RepositoryFiles.layer.pipe(Layer.provideMerge(RepositoryIssues.layer)),
    ToolConfiguration.layer,
    PatternConfiguration.layer,
    CodingStandards.layer,
    Layer.mergeAll(
      QualitySettings.layer,
      GitHostWebhooks.layer.pipe(Layer.provideMerge(PullRequests.layer))
    ).pipe(Layer.provideMerge(Repositories.layer(templates))),
    Ingestion.layer,
    Metrics.layer,
    Analyses.layer,
    CoverageUploads.layer,
    ReporterCoverage.layer,
    SarifImports.layer,
    Organizations.layer,
    Catalogue.layer,
    ChangeDetails.layer.pipe(Layer.provideMerge(Layer.merge(PullRequestReads.layer, CommitReads.layer))),
    BranchHistory.layer,
    GitHosts.layer,
    Tokens.layer
  ).pipe(Layer.provideMerge(ChangeVerdicts.layer), Layer.provideMerge(Access.layer))
