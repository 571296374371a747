import { describe, expect, layer } from "@effect/vitest"
import { Common, type OrganizationStore, Records, RepositoryStore, StandardStore } from "@tidemark/core"
import { Effect, type Layer, Option } from "effect"
import { at, freshRepository, snapshot } from "./Fixtures.js"

const tools = [
  new Records.StandardTool({
    uuid: "f8b29663-2cb2-498d-b923-a10c6a8c05cd",
    enabled: true,
    patterns: [
      new Records.StandardPattern({ id: "max-len", enabled: true, parameters: [new Common.ParameterValue({ name: "code", value: "100" })] }),
      new Records.StandardPattern({ id: "semi", enabled: false, parameters: [] })
    ]
  }),
  new Records.StandardTool({ uuid: "9ed24812-b6ee-4a58-9004-0ed183c45b8f", enabled: false, patterns: [] })
]

/** Standards belong to organizations and apply to repositories, which the store of repositories creates. */
export const standardStoreContract = (name: string, storeLayer: Layer.Layer<StandardStore.StandardStore | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`StandardStore contract (${name})`, (it) => {
    describe("standards", () => {
      it.effect("create returns the standard, found again by id in its organization only", () =>
        Effect.gen(function*() {
          const store = yield* StandardStore.StandardStore
          const { organization } = yield* freshRepository
          const other = yield* freshRepository

          const standard = yield* store.create(organization.id, "Strict", tools, at(1))
          expect(standard).toMatchObject({ organizationId: organization.id, name: "Strict", createdAt: at(1) })
          expect(standard.tools).toStrictEqual(tools)

          expect(yield* store.find(organization.id, standard.id)).toStrictEqual(Option.some(standard))
          expect(yield* store.find(other.organization.id, standard.id)).toEqual(Option.none())
          expect(yield* store.find(organization.id, standard.id + 1_000_000)).toEqual(Option.none())
        }))

      it.effect("list returns an organization's standards in creation order", () =>
        Effect.gen(function*() {
          const store = yield* StandardStore.StandardStore
          const { organization } = yield* freshRepository
          const other = yield* freshRepository
          expect(yield* store.list(organization.id)).toEqual([])

          const first = yield* store.create(organization.id, "B", tools, at(1))
          yield* store.create(other.organization.id, "elsewhere", [], at(1))
          const second = yield* store.create(organization.id, "A", [], at(2))
          const third = yield* store.create(organization.id, "B", tools, at(3))
          expect(yield* store.list(organization.id)).toStrictEqual([first, second, third])
        }))
    })

    describe("applications", () => {
      it.effect("appliedTo lists the standards applied, oldest application first", () =>
        Effect.gen(function*() {
          const store = yield* StandardStore.StandardStore
          const { organization, repository } = yield* freshRepository
          const a = yield* store.create(organization.id, "A", tools, at(1))
          const b = yield* store.create(organization.id, "B", [], at(1))
          expect(yield* store.appliedTo(repository.id)).toEqual([])

          yield* store.apply(b.id, repository.id, at(2))
          yield* store.apply(a.id, repository.id, at(2))
          const applied = yield* store.appliedTo(repository.id)

          expect(applied.map((s) => [s.standard, s.appliedAt])).toStrictEqual([[b, at(2)], [a, at(2)]])
          const [first, second] = applied
          expect(second !== undefined && first !== undefined && second.sequence > first.sequence).toBe(true)
        }))

      it.effect("applying again moves the standard last, with the new time", () =>
        Effect.gen(function*() {
          const store = yield* StandardStore.StandardStore
          const { organization, repository } = yield* freshRepository
          const a = yield* store.create(organization.id, "A", [], at(1))
          const b = yield* store.create(organization.id, "B", [], at(1))
          yield* store.apply(a.id, repository.id, at(2))
          yield* store.apply(b.id, repository.id, at(3))
          const before = yield* store.appliedTo(repository.id)

          yield* store.apply(a.id, repository.id, at(4))
          const after = yield* store.appliedTo(repository.id)
          expect(after.map((s) => [s.standard.name, s.appliedAt])).toEqual([["B", at(3)], ["A", at(4)]])
          const sequences = [...before, ...after].map((s) => s.sequence)
          expect(after[1]?.sequence).toBe(Math.max(...sequences))
          expect(after[0]?.sequence).toBe(before[1]?.sequence)
        }))

      it.effect("unapply removes the application; unapplying what is not applied does nothing", () =>
        Effect.gen(function*() {
          const store = yield* StandardStore.StandardStore
          const { organization, repository } = yield* freshRepository
          const a = yield* store.create(organization.id, "A", [], at(1))
          const b = yield* store.create(organization.id, "B", [], at(1))
          yield* store.apply(a.id, repository.id, at(2))
          yield* store.apply(b.id, repository.id, at(3))

          yield* store.unapply(a.id, repository.id)
          yield* store.unapply(a.id, repository.id)
          expect((yield* store.appliedTo(repository.id)).map((s) => s.standard.id)).toEqual([b.id])

          yield* store.apply(a.id, repository.id, at(5))
          expect((yield* store.appliedTo(repository.id)).map((s) => s.standard.id)).toEqual([b.id, a.id])
        }))

      it.effect("applications belong to their repository", () =>
        Effect.gen(function*() {
          const store = yield* StandardStore.StandardStore
          const repositories = yield* RepositoryStore.RepositoryStore
          const { organization, repository } = yield* freshRepository
          const sibling = yield* repositories.saveSnapshot(organization.id, snapshot(organization.name, "sibling"), at(1))
          const a = yield* store.create(organization.id, "A", [], at(1))
          yield* store.apply(a.id, repository.id, at(2))
          expect(yield* store.appliedTo(sibling.id)).toEqual([])
          yield* store.apply(a.id, sibling.id, at(3))
          yield* store.unapply(a.id, repository.id)
          expect((yield* store.appliedTo(sibling.id)).map((s) => s.appliedAt)).toEqual([at(3)])
          expect(yield* store.appliedTo(repository.id)).toEqual([])
        }))

      it.effect("standardsOf reads the references of many repositories at once, in appliedTo's order", () =>
        Effect.gen(function*() {
          const store = yield* StandardStore.StandardStore
          const repositories = yield* RepositoryStore.RepositoryStore
          const { organization, repository } = yield* freshRepository
          const sibling = yield* repositories.saveSnapshot(organization.id, snapshot(organization.name, "sibling"), at(1))
          const a = yield* store.create(organization.id, "A", tools, at(1))
          const b = yield* store.create(organization.id, "B", [], at(1))
          yield* store.apply(b.id, repository.id, at(2))
          yield* store.apply(a.id, repository.id, at(3))
          yield* store.apply(a.id, sibling.id, at(4))
          // Applying again moves the standard last, here as in appliedTo.
          yield* store.apply(b.id, sibling.id, at(5))
          yield* store.apply(a.id, sibling.id, at(6))
          const unknown = sibling.id + 1_000_000
          const all = yield* store.standardsOf([repository.id, sibling.id, unknown])
          const refsOf = (id: number) =>
            Effect.map(store.appliedTo(id), (applied) => applied.map((s) => new Common.StandardRef({ id: s.standard.id, name: s.standard.name })))
          expect(all.get(repository.id)).toEqual(yield* refsOf(repository.id))
          expect(all.get(repository.id)?.map((s) => s.name)).toEqual(["B", "A"])
          expect(all.get(sibling.id)).toEqual(yield* refsOf(sibling.id))
          expect(all.get(sibling.id)?.map((s) => s.name)).toEqual(["B", "A"])
          expect(all.get(unknown)).toEqual([])
          expect((yield* store.standardsOf([])).size).toBe(0)
        }))
    })
  })
