import { Clock, Context, Effect, Layer } from "effect"
import {
  computeMetrics,
  defaultFrom,
  DeliveryChange,
  DeliveryDeployment,
  DeliveryIncident,
  type DeliveryMetrics
} from "../domain/DeliveryMetrics.js"
import { InvalidInput } from "../domain/Errors.js"
import { ingestionOrganizationOf, type Principal } from "../domain/Principal.js"
import type { MetricsBucket } from "../domain/TimeBuckets.js"
import { EventStore, type StoredEvents } from "../ports/EventStore.js"

export interface MetricsRequest {
  readonly system?: string | undefined
  readonly team?: string | undefined
  /** RFC 3339; default: 90 days before `to`. */
  readonly from?: string | undefined
  /** RFC 3339, exclusive; default: now. */
  readonly to?: string | undefined
  readonly bucket?: MetricsBucket | undefined
}

export interface MetricsAnswer extends DeliveryMetrics {
  readonly system?: string
  readonly team?: string
}

/** Stored events as the calculations take them (epoch milliseconds, the system they belong to). */
const deliveryEventsOf = (system: string, stored: StoredEvents) => ({
  deployments: stored.deployments.map((d) =>
    new DeliveryDeployment({
      id: d.deploy_id,
      system,
      timeCreated: Date.parse(d.time_created),
      changes: d.changes,
      teams: d.teams ?? []
    })
  ),
  changes: stored.changes.map((c) => new DeliveryChange({ id: c.change_id, system, timeCreated: Date.parse(c.time_created) })),
  incidents: stored.incidents.map((i) =>
    new DeliveryIncident({
      id: i.incident_id,
      system,
      timeCreated: Date.parse(i.time_created),
      timeResolved: Date.parse(i.time_resolved)
    })
  )
})

const make = Effect.gen(function*() {
  const store = yield* EventStore


  /** The four keys of an organization (or one of its systems / teams) over a window. */
  const metrics = (principal: Principal, request: MetricsRequest) =>
    Effect.gen(function*() {
      const organizationId = yield* ingestionOrganizationOf(principal)
      const to = request.to === undefined ? yield* Clock.currentTimeMillis : Date.parse(request.to)
      const from = request.from === undefined ? defaultFrom(to) : Date.parse(request.from)
      if (!(from < to)) return yield* new InvalidInput({ field: "from", reason: "must be before to" })
      const systems = request.system === undefined ? yield* store.systems(organizationId) : [request.system]
      const loaded = yield* Effect.forEach(systems, (system) =>
        Effect.map(store.load(organizationId, system), (stored) => deliveryEventsOf(system, stored)))
      const result = computeMetrics({
        deployments: loaded.flatMap((l) => l.deployments),
        changes: loaded.flatMap((l) => l.changes),
        incidents: loaded.flatMap((l) => l.incidents)
      }, {
        from,
        to,
        bucket: request.bucket ?? "week",
        ...(request.system === undefined ? {} : { system: request.system }),
        ...(request.team === undefined ? {} : { team: request.team })
      })
      return {
        ...result,
        ...(request.system === undefined ? {} : { system: request.system }),
        ...(request.team === undefined ? {} : { team: request.team })
      } satisfies MetricsAnswer
    })

  const systems = (principal: Principal) => Effect.flatMap(ingestionOrganizationOf(principal), store.systems)

  return { metrics, systems } as const
})

/** The delivery metrics' read side: computed in core from the stored events. */
export class Metrics extends Context.Tag("@tidemark/core/Metrics")<Metrics, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(Metrics, make)
}

