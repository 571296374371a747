import { Effect, Layer, Option } from "effect"
import type { ChangeAnalysis, ChangeKey, DeltaIssue } from "../domain/ChangeAnalysis.js"
import { compareKeys, pageOfSorted } from "../domain/Pagination.js"
import { ChangeStore, changeSummaryOf, deltaIssueKey, subjectKey } from "../ports/ChangeStore.js"

const keyOf = (key: ChangeKey) => `${key.repositoryId}\u0000${subjectKey(key.subject)}`

export const make = Effect.sync(() => {
  const changes = new Map<string, { readonly change: ChangeAnalysis; readonly issues: ReadonlyArray<DeltaIssue> }>()
  const stored = (key: ChangeKey) => Option.fromNullable(changes.get(keyOf(key)))
  return ChangeStore.of({
    save: (key, change, issues) =>
      Effect.sync(() => {
        changes.set(keyOf(key), { change, issues: [...issues].sort((a, b) => compareKeys(deltaIssueKey(a), deltaIssueKey(b))) })
      }),
    find: (key) => Effect.sync(() => Option.map(stored(key), (found) => found.change)),
    findSummary: (key) => Effect.sync(() => Option.map(stored(key), (found) => changeSummaryOf(found.change))),
    findMany: (repositoryId, subjects) =>
      Effect.sync(() =>
        new Map(subjects.flatMap((subject) => {
          const stored = changes.get(keyOf({ repositoryId, subject }))
          return stored === undefined ? [] : [[subjectKey(subject), stored.change] as const]
        }))
      ),
    issues: (key, deltaType, page) =>
      Effect.sync(() => {
        const all = changes.get(keyOf(key))?.issues ?? []
        return pageOfSorted(deltaType === undefined ? all : all.filter((issue) => issue.deltaType === deltaType), deltaIssueKey, page)
      })
  })
})

export const layer = Layer.effect(ChangeStore, make)
