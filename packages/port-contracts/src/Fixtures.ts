import { OrganizationStore, Records, RepositoryStore } from "@tidemark/core"
import { Effect } from "effect"

/**
 * Contract suites share one store per suite: each test works inside organizations of its own,
 * named uniquely, so tests never see each other's rows whatever the adapter.
 */
export const uniqueName = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`

export const at = (minute: number) => new Date(Date.UTC(2024, 0, 1, 12, minute)).toISOString()

export type CommitInput = Records.RepositorySnapshot["commits"][number]
export type BranchInput = Records.RepositorySnapshot["branches"][number]

export const commit = (sha: string, overrides: Partial<CommitInput> = {}): CommitInput => ({
  sha,
  authorName: "Ada Lovelace",
  authorEmail: "ada@example.com",
  commitTimestamp: "2024-01-01T10:00:00+02:00",
  message: `commit ${sha}`,
  parents: [],
  ...overrides
})

export const branch = (name: string, lastCommitSha: string, lastUpdated = at(0)): BranchInput => ({
  name,
  lastUpdated,
  lastCommitSha
})

export const snapshot = (owner: string, name: string, overrides: Partial<ConstructorParameters<typeof Records.RepositorySnapshot>[0]> = {}) =>
  new Records.RepositorySnapshot({
    provider: "gh",
    owner,
    name,
    visibility: "Private",
    gitUrl: `https://github.com/${owner}/${name}.git`,
    languages: ["TypeScript"],
    rootFiles: ["package.json"],
    defaultBranch: "main",
    branches: [branch("main", "a1")],
    commits: [commit("a1")],
    ...overrides
  })

/** A new organization of its own with one repository in it. */
export const freshRepository = Effect.gen(function*() {
  const store = yield* RepositoryStore.RepositoryStore
  const organizations = yield* OrganizationStore.OrganizationStore
  const organization = yield* organizations.ensureOrganization("gh", uniqueName("org"))
  const repository = yield* store.saveSnapshot(organization.id, snapshot(organization.name, "app"), at(0))
  return { organization, repository }
})

/** An API token unless told otherwise, with a unique id. */
export const credential = (fields: Partial<ConstructorParameters<typeof Records.Credential>[0]> = {}) =>
  new Records.Credential({
    id: uniqueName("key"),
    kind: "api",
    permission: "read",
    secretHash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    createdAt: at(0),
    ...fields
  })
