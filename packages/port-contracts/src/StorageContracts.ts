import type { StoragePorts as StoragePortsModule } from "@tidemark/core"
import type { Layer } from "effect"
import { advisoryStoreContract } from "./AdvisoryStoreContract.js"
import { analysisResultStoreContract } from "./AnalysisResultStoreContract.js"
import { analysisStoreContract } from "./AnalysisStoreContract.js"
import { changeStoreContract } from "./ChangeStoreContract.js"
import { cloneResultStoreContract } from "./CloneResultStoreContract.js"
import { credentialRevocationsContract } from "./CredentialRevocationsContract.js"
import { credentialStoreContract } from "./CredentialStoreContract.js"
import { dependencyStoreContract } from "./DependencyStoreContract.js"
import { fileResultStoreContract } from "./FileResultStoreContract.js"
import { issueResultStoreContract } from "./IssueResultStoreContract.js"
import { languageSettingsStoreContract } from "./LanguageSettingsStoreContract.js"
import { lineCoverageStoreContract } from "./LineCoverageStoreContract.js"
import { organizationStoreContract } from "./OrganizationStoreContract.js"
import { pullRequestStoreContract } from "./PullRequestStoreContract.js"
import { gitHostSettingsStoreContract } from "./GitHostSettingsStoreContract.js"
import { qualityGateStoreContract } from "./QualityGateStoreContract.js"
import { registeredToolRulesContract } from "./RegisteredToolRulesContract.js"
import { repositoryListingContract } from "./RepositoryListingContract.js"
import { repositoryPagesContract } from "./RepositoryPagesContract.js"
import { repositoryStoreContract } from "./RepositoryStoreContract.js"
import { securityItemStoreContract } from "./SecurityItemStoreContract.js"
import { standardStoreContract } from "./StandardStoreContract.js"
import { toolConfigStoreContract } from "./ToolConfigStoreContract.js"
import { triageStoreContract } from "./TriageStoreContract.js"
import { webhookDeliveryLogContract } from "./WebhookDeliveryLogContract.js"
import { webhookSecretStoreContract } from "./WebhookSecretStoreContract.js"
import { badgeTokenStoreContract } from "./BadgeTokenStoreContract.js"

export type StoragePorts = StoragePortsModule.StoragePorts

/**
 * Every storage contract against one adapter. `makeLayer` is called once per suite: it may build
 * a store of the suite's own (a database of its own) or hand out one shared store, since every
 * test works in organizations of its own.
 */
export const storageContracts = (name: string, makeLayer: () => Layer.Layer<StoragePorts, unknown>) => {
  organizationStoreContract(name, makeLayer())
  repositoryStoreContract(name, makeLayer())
  repositoryPagesContract(name, makeLayer())
  toolConfigStoreContract(name, makeLayer())
  standardStoreContract(name, makeLayer())
  credentialStoreContract(name, makeLayer())
  credentialRevocationsContract(name, makeLayer())
  analysisStoreContract(name, makeLayer())
  analysisResultStoreContract(name, makeLayer())
  issueResultStoreContract(name, makeLayer())
  fileResultStoreContract(name, makeLayer())
  cloneResultStoreContract(name, makeLayer())
  lineCoverageStoreContract(name, makeLayer())
  repositoryListingContract(name, makeLayer())
  qualityGateStoreContract(name, makeLayer())
  pullRequestStoreContract(name, makeLayer())
  webhookSecretStoreContract(name, makeLayer())
  badgeTokenStoreContract(name, makeLayer())
  webhookDeliveryLogContract(name, makeLayer())
  changeStoreContract(name, makeLayer())
  gitHostSettingsStoreContract(name, makeLayer())
  languageSettingsStoreContract(name, makeLayer())
  registeredToolRulesContract(name, makeLayer())
  triageStoreContract(name, makeLayer())
  advisoryStoreContract(name, makeLayer())
  dependencyStoreContract(name, makeLayer())
  securityItemStoreContract(name, makeLayer())
}
