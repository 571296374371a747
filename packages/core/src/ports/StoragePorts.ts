import type { AdvisoryStore } from "./AdvisoryStore.js"
import type { AnalysisResultStore } from "./AnalysisResultStore.js"
import type { AnalysisStore } from "./AnalysisStore.js"
import type { CloneResultStore } from "./CloneResultStore.js"
import type { ChangeStore } from "./ChangeStore.js"
import type { CredentialRevocations } from "./CredentialRevocations.js"
import type { CredentialStore } from "./CredentialStore.js"
import type { DependencyStore } from "./DependencyStore.js"
import type { FileResultStore } from "./FileResultStore.js"
import type { IssueResultStore } from "./IssueResultStore.js"
import type { LanguageSettingsStore } from "./LanguageSettingsStore.js"
import type { LineCoverageStore } from "./LineCoverageStore.js"
import type { OrganizationStore } from "./OrganizationStore.js"
import type { PullRequestStore } from "./PullRequestStore.js"
import type { GitHostSettingsStore } from "./GitHostSettingsStore.js"
import type { QualityGateStore } from "./QualityGateStore.js"
import type { RegisteredToolRules } from "./RegisteredToolRules.js"
import type { RepositoryListing } from "./RepositoryListing.js"
import type { RepositoryStore } from "./RepositoryStore.js"
import type { SecurityItemStore } from "./SecurityItemStore.js"
import type { StandardStore } from "./StandardStore.js"
import type { ToolConfigStore } from "./ToolConfigStore.js"
import type { TriageStore } from "./TriageStore.js"
import type { WebhookDeliveryLog } from "./WebhookDeliveryLog.js"
import type { WebhookSecretStore } from "./WebhookSecretStore.js"
import type { BadgeTokenStore } from "./BadgeTokenStore.js"

/** Every storage port of the core: what a storage adapter provides as a whole. */
export type StoragePorts =
  | OrganizationStore
  | RepositoryStore
  | ToolConfigStore
  | StandardStore
  | CredentialStore
  | CredentialRevocations
  | AnalysisStore
  | AnalysisResultStore
  | IssueResultStore
  | FileResultStore
  | CloneResultStore
  | LineCoverageStore
  | RepositoryListing
  | QualityGateStore
  | PullRequestStore
  | WebhookSecretStore
  | BadgeTokenStore
  | WebhookDeliveryLog
  | ChangeStore
  | GitHostSettingsStore
  | LanguageSettingsStore
  | RegisteredToolRules
  | TriageStore
  | AdvisoryStore
  | DependencyStore
  | SecurityItemStore
