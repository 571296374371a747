/** In-memory adapters of every storage port: for tests and for embedding the core as a library. */
import { Layer } from "effect"
import * as RepositoryListingFromStores from "./memory/RepositoryListingFromStores.js"
import * as MemoryAdvisoryStore from "./memory/MemoryAdvisoryStore.js"
import * as MemoryAnalysisResultStore from "./memory/MemoryAnalysisResultStore.js"
import * as MemoryAnalysisRows from "./memory/MemoryAnalysisRows.js"
import * as MemoryCloneResultStore from "./memory/MemoryCloneResultStore.js"
import * as MemoryFileResultStore from "./memory/MemoryFileResultStore.js"
import * as MemoryIssueResultStore from "./memory/MemoryIssueResultStore.js"
import * as MemoryLineCoverageStore from "./memory/MemoryLineCoverageStore.js"
import * as MemoryAnalysisStore from "./memory/MemoryAnalysisStore.js"
import * as MemoryChangeStore from "./memory/MemoryChangeStore.js"
import * as MemoryCredentialRevocations from "./memory/MemoryCredentialRevocations.js"
import * as MemoryCredentialStore from "./memory/MemoryCredentialStore.js"
import * as MemoryDependencyStore from "./memory/MemoryDependencyStore.js"
import * as MemoryPullRequestStore from "./memory/MemoryPullRequestStore.js"
import * as MemoryLanguageSettingsStore from "./memory/MemoryLanguageSettingsStore.js"
import * as MemoryRegisteredToolRules from "./memory/MemoryRegisteredToolRules.js"
import * as MemoryGitHostSettingsStore from "./memory/MemoryGitHostSettingsStore.js"
import * as MemoryQualityGateStore from "./memory/MemoryQualityGateStore.js"
import * as MemoryRepositoryStore from "./memory/MemoryRepositoryStore.js"
import * as MemorySecurityItemStore from "./memory/MemorySecurityItemStore.js"
import * as MemoryStandardStore from "./memory/MemoryStandardStore.js"
import * as MemoryToolConfigStore from "./memory/MemoryToolConfigStore.js"
import * as MemoryTriageStore from "./memory/MemoryTriageStore.js"
import * as MemoryWebhookDeliveryLog from "./memory/MemoryWebhookDeliveryLog.js"
import * as MemoryWebhookSecretStore from "./memory/MemoryWebhookSecretStore.js"
import * as MemoryBadgeTokenStore from "./memory/MemoryBadgeTokenStore.js"

export * as CryptoIdGenerator from "./memory/CryptoIdGenerator.js"
export * as StaticToolCatalogue from "./memory/StaticToolCatalogue.js"
export * as StaticToolInstallations from "./memory/StaticToolInstallations.js"
export {
  MemoryAdvisoryStore,
  MemoryAnalysisResultStore,
  MemoryAnalysisRows,
  MemoryCloneResultStore,
  MemoryFileResultStore,
  MemoryIssueResultStore,
  MemoryLineCoverageStore,
  MemoryAnalysisStore,
  MemoryChangeStore,
  MemoryCredentialRevocations,
  MemoryCredentialStore,
  MemoryDependencyStore,
  MemoryPullRequestStore,
  MemoryGitHostSettingsStore,
  MemoryLanguageSettingsStore,
  MemoryRegisteredToolRules,
  MemoryQualityGateStore,
  MemoryRepositoryStore,
  MemorySecurityItemStore,
  MemoryStandardStore,
  MemoryToolConfigStore,
  MemoryTriageStore,
  MemoryWebhookDeliveryLog,
  MemoryWebhookSecretStore,
  MemoryBadgeTokenStore,
  RepositoryListingFromStores
}

/** The stores of analyses, their results and coverage in memory, on rows of their own that they share. */
export const analysisResultsLayer = Layer.mergeAll(
  MemoryAnalysisStore.layer,
  MemoryAnalysisResultStore.layer,
  MemoryIssueResultStore.layer,
  MemoryFileResultStore.layer,
  MemoryCloneResultStore.layer,
  MemoryLineCoverageStore.layer
).pipe(Layer.provide(MemoryAnalysisRows.layer))

/**
 * Every storage port in memory, each with its own fresh state; the listing, and the pull requests
 * listed by organization, read through the store of repositories.
 */
export const storageLayer = Layer.merge(RepositoryListingFromStores.layer, MemoryPullRequestStore.layer).pipe(
  Layer.provideMerge(Layer.mergeAll(
    MemoryRepositoryStore.layer,
    MemoryToolConfigStore.layer,
    MemoryStandardStore.layer,
    MemoryCredentialStore.layer,
    MemoryCredentialRevocations.layer,
    analysisResultsLayer,
    MemoryQualityGateStore.layer,
    MemoryWebhookSecretStore.layer,
    MemoryBadgeTokenStore.layer,
    MemoryWebhookDeliveryLog.layer,
    MemoryChangeStore.layer,
    MemoryGitHostSettingsStore.layer,
    MemoryLanguageSettingsStore.layer,
    MemoryRegisteredToolRules.layer,
    MemoryTriageStore.layer,
    MemoryAdvisoryStore.layer,
    MemoryDependencyStore.layer,
    MemorySecurityItemStore.layer
  ))
)
export * as MemoryEventQueue from "./memory/MemoryEventQueue.js"
export * as MemoryEventStore from "./memory/MemoryEventStore.js"
