import { Effect, Layer } from "effect"
import type { FileIgnore, IssueIgnore } from "../domain/Triage.js"
import { TriageStore } from "../ports/TriageStore.js"

const byKey = <A>(entries: ReadonlyMap<string, A> | undefined): Array<A> =>
  [...(entries ?? new Map<string, A>())].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, value]) => value)

export const make = Effect.sync(() => {
  const issues = new Map<number, Map<string, IssueIgnore>>()
  const files = new Map<number, Map<string, FileIgnore>>()
  const of = <A>(all: Map<number, Map<string, A>>, repositoryId: number) => {
    const found = all.get(repositoryId) ?? new Map<string, A>()
    all.set(repositoryId, found)
    return found
  }
  return TriageStore.of({
    ignoreIssues: (repositoryId, ignores) =>
      Effect.sync(() => {
        const ignored = of(issues, repositoryId)
        for (const ignore of ignores) ignored.set(ignore.issueId, ignore)
      }),
    unignoreIssue: (repositoryId, issueId) => Effect.sync(() => issues.get(repositoryId)?.delete(issueId) ?? false),
    ignoreFile: (repositoryId, ignore) => Effect.sync(() => void of(files, repositoryId).set(ignore.path, ignore)),
    unignoreFile: (repositoryId, path) => Effect.sync(() => files.get(repositoryId)?.delete(path) ?? false),
    ignoresOf: (repositoryId) => Effect.sync(() => ({ issues: byKey(issues.get(repositoryId)), files: byKey(files.get(repositoryId)) })),
    withIgnores: (repositoryIds) =>
      Effect.sync(() => new Set(repositoryIds.filter((id) => (issues.get(id)?.size ?? 0) + (files.get(id)?.size ?? 0) > 0)))
  })
})

export const layer = Layer.effect(TriageStore, make)
