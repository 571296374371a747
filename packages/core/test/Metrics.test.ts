import { describe, expect, it } from "@effect/vitest"
import { Access, Errors, EventStore, IngestionEvents, Metrics, OrganizationStore } from "@tidemark/core"
import { Effect, Option, TestClock } from "effect"
import { acme, callerWith, withServices } from "./fixtures/TestLayer.js"

/** Three deployments of `web` (one of them by team payments) and one of `api`, on the first days of May 2024. */
const deployments = Effect.gen(function*() {
  const organization = yield* Effect.flatMap(OrganizationStore.OrganizationStore, (store) => store.ensureOrganization("gh", "acme"))
  const store = yield* EventStore.EventStore
  const deploy = (id: string, day: number, teams?: ReadonlyArray<string>) =>
    new IngestionEvents.Deployment({ $type: "deployment", deploy_id: id, time_created: `2024-05-0${day}T12:00:00Z`, changes: [], ...(teams === undefined ? {} : { teams }) })
  yield* store.store(organization.id, "web", [deploy("w1", 1), deploy("w2", 2, ["payments"]), deploy("w3", 3)])
  yield* store.store(organization.id, "api", [deploy("a1", 2)])
  const access = yield* Access.Access
  const key = yield* access.issue("ingestion", organization, "write")
  return yield* access.authenticate(key.secret)
})

const may = { from: "2024-05-01T00:00:00Z", to: "2024-05-11T00:00:00Z" }

describe("Metrics", () => {
  it.effect("an ingestion key reads its organization's keys over a window: whole, per system, per team", () =>
    withServices(
      Effect.gen(function*() {
        const metrics = yield* Metrics.Metrics
        const key = yield* deployments
        const whole = yield* metrics.metrics(key, may)
        // Four deployments over ten days.
        expect([whole.from, whole.to, whole.deploymentFrequency.value]).toStrictEqual(["2024-05-01T00:00:00.000Z", "2024-05-11T00:00:00.000Z", 0.4])
        const web = yield* metrics.metrics(key, { ...may, system: "web" })
        expect([web.system, web.deploymentFrequency.value]).toStrictEqual(["web", 0.3])
        const payments = yield* metrics.metrics(key, { ...may, system: "web", team: "payments" })
        expect([payments.team, payments.deploymentFrequency.value]).toStrictEqual(["payments", 0.1])
        expect(yield* metrics.systems(key)).toStrictEqual(["api", "web"])
      })
    ))

  it.effect("the window defaults to the 90 days before now, and must not end before it starts", () =>
    withServices(
      Effect.gen(function*() {
        const metrics = yield* Metrics.Metrics
        const key = yield* deployments
        yield* TestClock.setTime(Date.parse("2024-06-01T00:00:00Z"))
        const recent = yield* metrics.metrics(key, {})
        expect([recent.from, recent.to]).toStrictEqual(["2024-03-03T00:00:00.000Z", "2024-06-01T00:00:00.000Z"])
        expect(recent.deploymentFrequency.value).toBeCloseTo(4 / 90, 10)
        expect(yield* Effect.flip(metrics.metrics(key, { from: may.to, to: may.from }))).toStrictEqual(
          new Errors.InvalidInput({ field: "from", reason: "must be before to" })
        )
        expect(yield* Effect.flip(metrics.metrics(key, { from: may.from, to: may.from }))).toBeInstanceOf(Errors.InvalidInput)
      })
    ))

  it.effect("a token of the analysis side reads the same metrics of its own organization only", () =>
    withServices(
      Effect.gen(function*() {
        const metrics = yield* Metrics.Metrics
        const key = yield* deployments
        const reader = yield* callerWith("read")
        expect(yield* metrics.organizationMetrics(reader, acme, may)).toStrictEqual(yield* metrics.metrics(key, may))
        expect(yield* metrics.organizationSystems(reader, acme)).toStrictEqual(["api", "web"])
        const foreign = yield* callerWith("read", "globex")
        expect(yield* Effect.flip(metrics.organizationMetrics(foreign, acme, may))).toBeInstanceOf(Errors.Unauthenticated)
        expect(yield* Effect.flip(metrics.organizationSystems(Option.none(), acme))).toBeInstanceOf(Errors.Unauthenticated)
      })
    ))
})
