import { OrganizationStore, Principal, Records, RepositoryStore } from "@tidemark/core"
import { Effect, Option } from "effect"
import { createHash } from "node:crypto"

/** Where the benchmark's repositories live, and who reads them. */
export const provider = "gh"
export const organization = "acme"
export const branch = "main"
export const now = "2024-06-01T12:00:00.000Z"

/** The installation's admin: allowed everywhere without a stored credential. */
export const admin = Option.some(new Principal.Principal({ credentialId: "admin", kind: "admin", permission: "admin" }))

export const coordinates = (repository: string) => ({ provider, organization, repository })

const headOf = (name: string, on = branch) => ({
  sha: createHash("sha1").update(`${organization}/${name}@${on}`).digest("hex"),
  authorName: "Ada Lovelace",
  authorEmail: "ada@example.org",
  commitTimestamp: now,
  message: "Work on main",
  parents: []
})

/**
 * A repository with one branch, `main`, and its head commit (and the branches `others` names, each
 * with a head of its own), stored as a refresh from git stores it: what an analysis and its results
 * hang off.
 */
export const add = (name: string, others: ReadonlyArray<string> = []) =>
  Effect.gen(function*() {
    const store = yield* RepositoryStore.RepositoryStore
    const organizations = yield* OrganizationStore.OrganizationStore
    const { id } = yield* organizations.ensureOrganization(provider, organization)
    const head = headOf(name)
    const heads = [head, ...others.map((other) => headOf(name, other))]
    const record = yield* store.saveSnapshot(id, new Records.RepositorySnapshot({
      provider,
      owner: organization,
      name,
      visibility: "Private",
      gitUrl: `https://github.com/${organization}/${name}.git`,
      languages: ["TypeScript", "JavaScript"],
      rootFiles: ["README.md", "package.json"],
      defaultBranch: branch,
      branches: [branch, ...others].map((b, i) => ({ name: b, lastUpdated: now, lastCommitSha: heads[i]?.sha ?? head.sha })),
      commits: heads
    }), now)
    const commit = yield* Effect.flatten(store.findCommit(record.id, head.sha))
    return { record, commit, heads: heads.map((h) => h.sha) }
  })
