import { Context, Effect, Layer, Option } from "effect"
import { Goals } from "../domain/Goals.js"
import { defaultOrganizationSettings, type OrganizationSettings } from "../domain/OrganizationSettings.js"
import { BranchRecord, CommitRecord, Organization, RepositoryRecord } from "../domain/Records.js"
import { pageOfSorted } from "../domain/Pagination.js"
import { OrganizationStore } from "../ports/OrganizationStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"

export const make = Effect.sync(() => {
  const organizations = new Map<string, Organization>()
  const settings = new Map<number, OrganizationSettings>()
  const repositories = new Map<number, RepositoryRecord>()
  const branches = new Map<number, ReadonlyArray<BranchRecord>>()
  const commits = new Map<number, Map<string, CommitRecord>>()
  // The default branch chosen through the API, by repository: git's default no longer decides.
  const chosenDefaults = new Map<number, string>()
  let nextId = 1
  const orgKey = (provider: string, name: string) => `${provider}\u0000${name.toLowerCase()}`

  const byOrganization = (organizationId: number) =>
    [...repositories.values()]
      .filter((r) => r.organizationId === organizationId)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))

  const organizationStore = OrganizationStore.of({
    findOrganization: (provider, name) => Effect.sync(() => Option.fromNullable(organizations.get(orgKey(provider, name)))),
    ensureOrganization: (provider, name) =>
      Effect.sync(() => {
        const key = orgKey(provider, name)
        const existing = organizations.get(key)
        if (existing !== undefined) return existing
        const created = new Organization({ id: nextId++, provider, name })
        organizations.set(key, created)
        return created
      }),
    listOrganizations: (provider, ids) =>
      Effect.sync(() =>
        [...organizations.values()]
          .filter((org) => org.provider === provider && (ids === undefined || ids.includes(org.id)))
          .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      ),
    organizationSettings: (organizationId) => Effect.sync(() => settings.get(organizationId) ?? defaultOrganizationSettings),
    saveOrganizationSettings: (organizationId, changed) =>
      Effect.sync(() => {
        if ([...organizations.values()].some((o) => o.id === organizationId)) settings.set(organizationId, changed)
      })
  })

  const repositoryStore = RepositoryStore.of({
    findRepository: (organizationId, name) =>
      Effect.sync(() => Option.fromNullable(byOrganization(organizationId).find((r) => r.name === name))),
    findRepositoryById: (id) => Effect.sync(() => Option.fromNullable(repositories.get(id))),
    pageRepositories: (query) =>
      Effect.sync(() => {
        const search = query.search?.toLowerCase()
        const matching = byOrganization(query.organizationId).filter((r) =>
          (query.names === undefined || query.names.includes(r.name)) &&
          (search === undefined || r.name.toLowerCase().includes(search))
        )
        const { items, next, total } = pageOfSorted(matching, (r) => [r.name], {
          after: query.after === undefined ? undefined : [query.after],
          limit: query.limit
        })
        return {
          items,
          branches: new Map(items.map((r) => [r.id, branches.get(r.id) ?? []])),
          total,
          hasMore: next !== undefined
        }
      }),
    saveSnapshot: (organizationId, snapshot, now) =>
      Effect.sync(() => {
        const existing = byOrganization(organizationId).find((r) => r.name === snapshot.name)
        const id = existing?.id ?? nextId++
        const record = new RepositoryRecord({
          id,
          organizationId,
          provider: snapshot.provider,
          owner: snapshot.owner,
          name: snapshot.name,
          visibility: snapshot.visibility,
          gitUrl: snapshot.gitUrl,
          languages: snapshot.languages,
          rootFiles: snapshot.rootFiles,
          goals: existing?.goals ?? Goals.defaults,
          addedAt: existing?.addedAt ?? now,
          lastUpdated: now,
          following: existing?.following ?? true
        })
        repositories.set(id, record)
        const known = commits.get(id) ?? new Map<string, CommitRecord>()
        for (const c of snapshot.commits) {
          if (!known.has(c.sha)) known.set(c.sha, new CommitRecord({ id: nextId++, ...c }))
        }
        commits.set(id, known)
        const previous = branches.get(id) ?? []
        const chosen = chosenDefaults.get(id)
        const defaultBranch = chosen !== undefined && snapshot.branches.some((b) => b.name === chosen) ? chosen : snapshot.defaultBranch
        branches.set(
          id,
          snapshot.branches.map((b) => {
            const known = previous.find((p) => p.name === b.name)
            return new BranchRecord({
              id: known?.id ?? nextId++,
              name: b.name,
              isDefault: b.name === defaultBranch,
              isEnabled: b.name === defaultBranch || (known?.isEnabled ?? true),
              lastUpdated: b.lastUpdated,
              lastCommitSha: b.lastCommitSha
            })
          })
        )
        return record
      }),
    listBranches: (repositoryId) => Effect.sync(() => branches.get(repositoryId) ?? []),
    setBranchEnabled: (repositoryId, name, enabled) =>
      Effect.sync(() => {
        const known = branches.get(repositoryId)
        if (known === undefined) return
        branches.set(repositoryId, known.map((b) => b.name === name ? new BranchRecord({ ...b, isEnabled: enabled }, true) : b))
      }),
    setDefaultBranch: (repositoryId, name) =>
      Effect.sync(() => {
        const known = branches.get(repositoryId)
        if (known === undefined || !known.some((b) => b.name === name)) return
        chosenDefaults.set(repositoryId, name)
        branches.set(
          repositoryId,
          known.map((b) => new BranchRecord({ ...b, isDefault: b.name === name, isEnabled: b.isEnabled || b.name === name }, true))
        )
      }),
    findCommit: (repositoryId, sha) => Effect.sync(() => Option.fromNullable(commits.get(repositoryId)?.get(sha))),
    saveGoals: (repositoryId, goals) =>
      Effect.sync(() => {
        const record = repositories.get(repositoryId)
        if (record !== undefined) repositories.set(repositoryId, new RepositoryRecord({ ...record, goals }, true))
      }),
    setFollowing: (repositoryId, following) =>
      Effect.sync(() => {
        const record = repositories.get(repositoryId)
        if (record !== undefined) repositories.set(repositoryId, new RepositoryRecord({ ...record, following }, true))
      }),
    deleteRepository: (repositoryId) =>
      Effect.sync(() => {
        repositories.delete(repositoryId)
        branches.delete(repositoryId)
        commits.delete(repositoryId)
        chosenDefaults.delete(repositoryId)
      })
  })

  return Context.make(OrganizationStore, organizationStore).pipe(Context.add(RepositoryStore, repositoryStore))
})

/** Organizations and their repositories in memory, numbered from one counter (an id names one thing only). */
export const layer = Layer.effectContext(make)
