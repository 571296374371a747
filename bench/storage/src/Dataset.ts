import { Principal } from "@tidemark/core"
import { Option } from "effect"

/** What the benchmark stores and where its operations point. */

export const provider = "gh"
export const organizations = 100
export const repositoriesPerOrganization = 100
export const patternsPerTool = 2_000
/** Patterns each repository of the measured organization configures for itself. */
export const configuredPatterns = 500
/** Repositories of the measured organization the one coding standard is applied to. */
export const standardRepositories = 10
/** Patterns the coding standard lists. */
export const standardPatterns = 300

const pad = (n: number) => String(n).padStart(3, "0")
export const organizationName = (i: number) => `org-${pad(i)}`
export const repositoryName = (i: number) => `service-${pad(i)}`

/** Operations read a middle organization, so that its rows sit among the others' in every index. */
export const measured = { provider, organization: organizationName(organizations / 2) }
/** The repository whose patterns are listed, and the one whose patterns are bulk-updated. */
export const patternsRepository = { ...measured, repository: repositoryName(50) }
export const updatedRepository = { ...measured, repository: repositoryName(51) }
/** The standard goes to the last repositories of the measured organization (on the first list page). */
export const standardRepositoryNames = Array.from(
  { length: standardRepositories },
  (_, i) => repositoryName(repositoriesPerOrganization - standardRepositories + i)
)

/** The installation's admin: allowed everywhere without a stored credential. */
export const admin = Option.some(new Principal.Principal({ credentialId: "admin", kind: "admin", permission: "admin" }))
