import { describe, expect, layer } from "@effect/vitest"
import { type OrganizationStore, type RepositoryStore, Triage, TriageStore } from "@tidemark/core"
import { Effect, type Layer } from "effect"
import { at, freshRepository } from "./Fixtures.js"

const admin = new Triage.IgnoredBy({ credentialId: "admin", name: "admin" })
const token = new Triage.IgnoredBy({ credentialId: "tok123", name: "tok123" })

const issue = (issueId: string, fields: Partial<ConstructorParameters<typeof Triage.IssueIgnore>[0]> = {}) =>
  new Triage.IssueIgnore({ issueId, ignoredBy: admin, ignoredAt: at(1), commitSha: "a".repeat(40), ...fields })

const file = (path: string, fields: Partial<ConstructorParameters<typeof Triage.FileIgnore>[0]> = {}) =>
  new Triage.FileIgnore({ path, ignoredBy: admin, ignoredAt: at(1), ...fields })

/** Ignores hang off repositories, which the store of repositories creates. */
export const triageStoreContract = (
  name: string,
  storeLayer: Layer.Layer<TriageStore.TriageStore | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>
) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`TriageStore contract (${name})`, (it) => {
    describe("ignored issues and files", () => {
      it.effect("a repository that set nothing aside has no ignore", () =>
        Effect.gen(function*() {
          const store = yield* TriageStore.TriageStore
          const { repository } = yield* freshRepository
          expect(yield* store.ignoresOf(repository.id)).toEqual(Triage.noIgnores)
          expect(yield* store.unignoreIssue(repository.id, "0123456789abcdef")).toBe(false)
          expect(yield* store.unignoreFile(repository.id, "src/a.js")).toBe(false)
          yield* store.ignoreIssues(repository.id, [])
          expect(yield* store.ignoresOf(repository.id)).toEqual(Triage.noIgnores)
        }))

      it.effect("keeps each issue once by id, in code point order, the latest ignore winning, apart per repository", () =>
        Effect.gen(function*() {
          const store = yield* TriageStore.TriageStore
          const [{ repository }, { repository: other }] = yield* Effect.all([freshRepository, freshRepository])
          yield* store.ignoreIssues(repository.id, [
            issue("b0", { reason: "TestCode", comment: "fixtures ünïcode" }),
            issue("B1"),
            issue("a2", { reason: "AcceptedUse" }),
            issue("a2", { reason: "FalsePositive", comment: "second in one call" })
          ])
          yield* store.ignoreIssues(other.id, [issue("b0")])
          yield* store.ignoreIssues(repository.id, [issue("b0", { reason: "ExternalCode", ignoredBy: token, ignoredAt: at(5), commitSha: "b".repeat(40) })])
          expect((yield* store.ignoresOf(repository.id)).issues).toStrictEqual([
            issue("B1"),
            issue("a2", { reason: "FalsePositive", comment: "second in one call" }),
            issue("b0", { reason: "ExternalCode", ignoredBy: token, ignoredAt: at(5), commitSha: "b".repeat(40) })
          ])
          expect((yield* store.ignoresOf(other.id)).issues).toStrictEqual([issue("b0")])

          expect(yield* store.unignoreIssue(repository.id, "a2")).toBe(true)
          expect(yield* store.unignoreIssue(repository.id, "a2")).toBe(false)
          expect((yield* store.ignoresOf(repository.id)).issues.map((i) => i.issueId)).toEqual(["B1", "b0"])
          expect((yield* store.ignoresOf(other.id)).issues.map((i) => i.issueId)).toEqual(["b0"])
        }))

      it.effect("keeps each file once by path, the latest ignore winning; files and issues apart", () =>
        Effect.gen(function*() {
          const store = yield* TriageStore.TriageStore
          const { repository } = yield* freshRepository
          yield* store.ignoreFile(repository.id, file("vendor/lib.js"))
          yield* store.ignoreFile(repository.id, file("Src/b.py"))
          yield* store.ignoreFile(repository.id, file("vendor/lib.js", { ignoredBy: token, ignoredAt: at(9) }))
          yield* store.ignoreIssues(repository.id, [issue("c3")])
          expect(yield* store.ignoresOf(repository.id)).toStrictEqual({
            issues: [issue("c3")],
            files: [file("Src/b.py"), file("vendor/lib.js", { ignoredBy: token, ignoredAt: at(9) })]
          })
          const { repository: idle } = yield* freshRepository
          expect(yield* store.withIgnores([idle.id, repository.id, 987_654])).toEqual(new Set([repository.id]))
          yield* store.unignoreIssue(repository.id, "c3")
          expect(yield* store.withIgnores([repository.id])).toEqual(new Set([repository.id]))
          expect(yield* store.unignoreFile(repository.id, "vendor/lib.js")).toBe(true)
          expect(yield* store.unignoreFile(repository.id, "vendor/lib.js")).toBe(false)
          expect((yield* store.ignoresOf(repository.id)).files).toStrictEqual([file("Src/b.py")])
          yield* store.unignoreFile(repository.id, "Src/b.py")
          expect(yield* store.withIgnores([repository.id])).toEqual(new Set())
          expect(yield* store.withIgnores([])).toEqual(new Set())
        }))
    })
  })
