import { describe, expect, layer } from "@effect/vitest"
import { Dependency, DependencyStore, type OrganizationStore, type RepositoryStore } from "@tidemark/core"
import { Effect, Option, type Layer } from "effect"
import { at, freshRepository } from "./Fixtures.js"

const dependency = (name: string, version: string, fields: Partial<ConstructorParameters<typeof Dependency.Dependency>[0]> = {}) =>
  Dependency.Dependency.make({
    purl: `pkg:npm/${encodeURIComponent(name)}@${version}`,
    ecosystem: "npm",
    name,
    version,
    direct: true,
    path: "package-lock.json",
    ...fields
  })

export const dependencyStoreContract = (
  name: string,
  storeLayer: Layer.Layer<DependencyStore.DependencyStore | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>
) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`DependencyStore contract (${name})`, (it) => {
    describe("inventories", () => {
      it.effect("keeps the latest inventory of each repository whole, in its order", () =>
        Effect.gen(function*() {
          const store = yield* DependencyStore.DependencyStore
          const [{ repository }, { repository: other }] = yield* Effect.all([freshRepository, freshRepository])
          expect(yield* store.find(repository.id)).toEqual(Option.none())
          const first = {
            repositoryId: repository.id,
            commitSha: "a".repeat(40),
            analysedAt: at(1),
            matchedAt: at(1),
            dependencies: [
              dependency("lodash", "4.17.11", { licence: "MIT" }),
              dependency("@babel/core", "7.24.0", { direct: false, purl: "pkg:npm/%40babel/core@7.24.0" }),
              dependency("requests", "2.19.0", { ecosystem: "pypi", purl: "pkg:pypi/requests@2.19.0", path: "sub/requirements.txt" })
            ]
          }
          yield* store.save(first)
          expect(yield* store.find(repository.id)).toStrictEqual(Option.some(first))
          const second = { ...first, commitSha: "b".repeat(40), analysedAt: at(2), matchedAt: at(2), dependencies: [dependency("lodash", "4.17.21")] }
          yield* store.save(second)
          expect(yield* store.find(repository.id)).toStrictEqual(Option.some(second))
          const empty = { ...first, repositoryId: other.id, dependencies: [] }
          yield* store.save(empty)
          const both = yield* store.ofRepositories([repository.id, other.id, -1])
          expect([...both.keys()].sort((a, b) => a - b)).toEqual([repository.id, other.id].sort((a, b) => a - b))
          expect(both.get(other.id)).toStrictEqual(empty)
        }))

      it.effect("tells which inventories were matched before a time, and marks them matched", () =>
        Effect.gen(function*() {
          const store = yield* DependencyStore.DependencyStore
          const { repository } = yield* freshRepository
          yield* store.save({ repositoryId: repository.id, commitSha: "a".repeat(40), analysedAt: at(1), matchedAt: at(1), dependencies: [dependency("a", "1.0.0")] })
          expect(yield* store.matchedBefore(at(2))).toContain(repository.id)
          expect(yield* store.matchedBefore(at(1))).not.toContain(repository.id)
          yield* store.markMatched(repository.id, at(3))
          expect(yield* store.matchedBefore(at(2))).not.toContain(repository.id)
          expect(Option.getOrThrow(yield* store.find(repository.id)).matchedAt).toBe(at(3))
        }))
    })
  })
