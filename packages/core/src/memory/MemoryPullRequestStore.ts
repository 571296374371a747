import { Effect, Layer, Option } from "effect"
import { PullRequestRecord } from "../domain/PullRequest.js"
import { PullRequestStore, type PullRequestQuery } from "../ports/PullRequestStore.js"

/** Most recently updated first, then the higher id: the port's order. */
const newestFirst = (a: PullRequestRecord, b: PullRequestRecord) =>
  Date.parse(b.updated) - Date.parse(a.updated) || b.id - a.id

const isAfter = (after: NonNullable<PullRequestQuery["after"]>) => (pr: PullRequestRecord) => {
  const difference = Date.parse(pr.updated) - Date.parse(after.updated)
  return difference < 0 || (difference === 0 && pr.id < after.id)
}

const matches = (query: PullRequestQuery) => (pr: PullRequestRecord) => {
  const search = query.search?.toLowerCase()
  return query.repositoryIds.includes(pr.repositoryId) &&
    (query.states === undefined || query.states.includes(pr.state)) &&
    (search === undefined ||
      [pr.title, pr.originBranch, pr.author.name, pr.author.username ?? ""].some((text) => text.toLowerCase().includes(search)))
}

export const make = Effect.sync(() => {
  const pullRequests = new Map<string, PullRequestRecord>()
  const key = (repositoryId: number, number: number) => `${repositoryId}\u0000${number}`
  let lastId = 0

  return PullRequestStore.of({
    upsert: (input) =>
      Effect.sync(() => {
        const existing = pullRequests.get(key(input.repositoryId, input.number))
        const record = new PullRequestRecord({ ...input, id: existing?.id ?? ++lastId })
        pullRequests.set(key(input.repositoryId, input.number), record)
        return record
      }),
    find: (repositoryId, number) => Effect.sync(() => Option.fromNullable(pullRequests.get(key(repositoryId, number)))),
    list: (query) =>
      Effect.sync(() => {
        const all = [...pullRequests.values()].filter(matches(query)).sort(newestFirst)
        const rest = query.after === undefined ? all : all.filter(isAfter(query.after))
        return { items: rest.slice(0, query.limit), total: all.length }
      })
  })
})

export const layer = Layer.effect(PullRequestStore, make)
