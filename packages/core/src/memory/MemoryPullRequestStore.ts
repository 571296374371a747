import { Effect, Layer, Option } from "effect"
import { PullRequestRecord } from "../domain/PullRequest.js"
import { PullRequestStore, type PullRequestQuery } from "../ports/PullRequestStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"

/** Most recently updated first, then the higher id: the port's order. */
const newestFirst = (a: PullRequestRecord, b: PullRequestRecord) =>
  Date.parse(b.updated) - Date.parse(a.updated) || b.id - a.id

const isAfter = (after: NonNullable<PullRequestQuery["after"]>) => (pr: PullRequestRecord) => {
  const difference = Date.parse(pr.updated) - Date.parse(after.updated)
  return difference < 0 || (difference === 0 && pr.id < after.id)
}

const matches = (query: PullRequestQuery) => (pr: PullRequestRecord) => {
  const search = query.search?.toLowerCase()
  return (query.states === undefined || query.states.includes(pr.state)) &&
    (search === undefined ||
      [pr.title, pr.originBranch, pr.author.name, pr.author.username ?? ""].some((text) => text.toLowerCase().includes(search)))
}

/** Whether the repository is one the query's scope names; an organization's are read from the store of repositories. */
const inScope = (repositories: RepositoryStore["Type"], query: PullRequestQuery) => (repositoryId: number) =>
  "repositoryIds" in query
    ? Effect.succeed(query.repositoryIds.includes(repositoryId))
    : Effect.map(repositories.findRepositoryById(repositoryId), Option.exists((repository) =>
      repository.organizationId === query.organizationId &&
      (query.repositoryNames === undefined || query.repositoryNames.includes(repository.name))))

export const make = Effect.gen(function*() {
  const repositories = yield* RepositoryStore
  const pullRequests = new Map<string, PullRequestRecord>()
  const key = (repositoryId: number, number: number) => `${repositoryId}\u0000${number}`
  let lastId = 0

  return PullRequestStore.of({
    upsert: (input) =>
      Effect.sync(() => {
        const existing = pullRequests.get(key(input.repositoryId, input.number))
        const record = new PullRequestRecord({
          ...input,
          id: existing?.id ?? ++lastId,
          ...(existing?.bypass === undefined ? {} : { bypass: existing.bypass })
        })
        pullRequests.set(key(input.repositoryId, input.number), record)
        return record
      }),
    bypass: (repositoryId, number, bypass) =>
      Effect.sync(() => {
        const existing = pullRequests.get(key(repositoryId, number))
        if (existing !== undefined) pullRequests.set(key(repositoryId, number), new PullRequestRecord({ ...existing, bypass }, true))
      }),
    find: (repositoryId, number) => Effect.sync(() => Option.fromNullable(pullRequests.get(key(repositoryId, number)))),
    list: (query) =>
      Effect.gen(function*() {
        const isInScope = inScope(repositories, query)
        const scoped = yield* Effect.filter([...pullRequests.values()], (pr) => isInScope(pr.repositoryId))
        const all = scoped.filter(matches(query)).sort(newestFirst)
        const rest = query.after === undefined ? all : all.filter(isAfter(query.after))
        return { items: rest.slice(0, query.limit), total: all.length }
      })
  })
})

export const layer = Layer.effect(PullRequestStore, make)
