import { describe, expect, layer } from "@effect/vitest"
import { type OrganizationStore, QualityGate, QualityGateStore, type RepositoryStore } from "@tidemark/core"
import { Effect, Option, type Layer } from "effect"
import { freshRepository } from "./Fixtures.js"

/** Every rule set, with values a lossy store would change (decimals, a negative variation). */
const everyRule = new QualityGate.QualityGate({
  issueThreshold: new QualityGate.IssueThreshold({ threshold: 3, minimumSeverity: "Warning" }),
  securityIssueThreshold: 1,
  securityIssueMinimumSeverity: "High",
  securityFindingThreshold: 0,
  securityFindingMinimumPriority: "Critical",
  duplicationThreshold: 2,
  coverageThresholdWithDecimals: -0.25,
  diffCoverageThreshold: 70,
  complexityThreshold: 15
})

/** Gates hang off repositories, which the store of repositories creates. */
export const qualityGateStoreContract = (
  name: string,
  storeLayer: Layer.Layer<QualityGateStore.QualityGateStore | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>
) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`QualityGateStore contract (${name})`, (it) => {
    describe("gates", () => {
      it.effect("a repository never configured has no gate of either kind", () =>
        Effect.gen(function*() {
          const store = yield* QualityGateStore.QualityGateStore
          const { repository } = yield* freshRepository
          expect(yield* store.find(repository.id, "pullRequests")).toEqual(Option.none())
          expect(yield* store.find(repository.id, "commits")).toEqual(Option.none())
        }))

      it.effect("a gate read back equals the gate written, every rule and none", () =>
        Effect.gen(function*() {
          const store = yield* QualityGateStore.QualityGateStore
          const { repository } = yield* freshRepository
          yield* store.save(repository.id, "pullRequests", everyRule)
          yield* store.save(repository.id, "commits", new QualityGate.QualityGate({}))
          expect(yield* store.find(repository.id, "pullRequests")).toStrictEqual(Option.some(everyRule))
          expect(yield* store.find(repository.id, "commits")).toStrictEqual(Option.some(new QualityGate.QualityGate({})))
        }))

      it.effect("saving again replaces the whole gate; an issue rule without severity stays without", () =>
        Effect.gen(function*() {
          const store = yield* QualityGateStore.QualityGateStore
          const { repository } = yield* freshRepository
          yield* store.save(repository.id, "commits", everyRule)
          const next = new QualityGate.QualityGate({ issueThreshold: new QualityGate.IssueThreshold({ threshold: 0 }) })
          yield* store.save(repository.id, "commits", next)
          expect(yield* store.find(repository.id, "commits")).toStrictEqual(Option.some(next))
        }))

      it.effect("the two kinds and two repositories are kept apart", () =>
        Effect.gen(function*() {
          const store = yield* QualityGateStore.QualityGateStore
          const one = yield* freshRepository
          const two = yield* freshRepository
          yield* store.save(one.repository.id, "pullRequests", everyRule)
          expect(yield* store.find(one.repository.id, "commits")).toEqual(Option.none())
          expect(yield* store.find(two.repository.id, "pullRequests")).toEqual(Option.none())
        }))

      it.effect("remove forgets one kind only; removing what is not stored is no error", () =>
        Effect.gen(function*() {
          const store = yield* QualityGateStore.QualityGateStore
          const { repository } = yield* freshRepository
          yield* store.save(repository.id, "pullRequests", everyRule)
          yield* store.save(repository.id, "commits", everyRule)
          yield* store.remove(repository.id, "pullRequests")
          yield* store.remove(repository.id, "pullRequests")
          expect(yield* store.find(repository.id, "pullRequests")).toEqual(Option.none())
          expect(yield* store.find(repository.id, "commits")).toStrictEqual(Option.some(everyRule))
        }))
    })
  })
