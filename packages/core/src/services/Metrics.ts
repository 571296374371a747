import { Clock, Effect, type Option } from "effect"
import { defaultFrom } from "../domain/DeliveryEvents.js"
import { type DeliveryMetrics, metricsOf } from "../domain/DeliveryMetrics.js"
import { InvalidInput } from "../domain/Errors.js"
import { ingestionOrganizationOf, type OrganizationCoordinates, type Principal } from "../domain/Principal.js"
import { epochMillisOf } from "../domain/Rfc3339.js"
import type { MetricsBucket } from "../domain/TimeBuckets.js"
import { EventStore } from "../ports/EventStore.js"
import { Access } from "./Access.js"
import { withSpans } from "../runtime/Spans.js"

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

/** Unreadable times (the HTTP layer lets none through) make an empty window, refused below. */
const millisOf = (time: string) => epochMillisOf(time) ?? Number.NaN

const make = Effect.gen(function*() {
  const store = yield* EventStore

  const access = yield* Access

  /** The four keys of an organization (or one of its systems / teams) over a window. */
  const windowOf = (organizationId: number, request: MetricsRequest) =>
    Effect.gen(function*() {
      const to = request.to === undefined ? yield* Clock.currentTimeMillis : millisOf(request.to)
      const from = request.from === undefined ? defaultFrom(to) : millisOf(request.from)
      if (!(from < to)) return yield* new InvalidInput({ field: "from", reason: "must be before to" })
      const query = {
        from,
        to,
        bucket: request.bucket ?? "week",
        ...(request.system === undefined ? {} : { system: request.system }),
        ...(request.team === undefined ? {} : { team: request.team })
      }
      const result = metricsOf(yield* store.aggregate(organizationId, query), query)
      return {
        ...result,
        ...(request.system === undefined ? {} : { system: request.system }),
        ...(request.team === undefined ? {} : { team: request.team })
      } satisfies MetricsAnswer
    })

  /** The metrics of the ingestion key's organization (the ingestion API). */
  const metrics = (principal: Principal, request: MetricsRequest) =>
    Effect.flatMap(ingestionOrganizationOf(principal), (organizationId) => windowOf(organizationId, request))

  const systems = (principal: Principal) => Effect.flatMap(ingestionOrganizationOf(principal), store.systems)

  /** The same metrics for a caller of the analysis side who may read the organization. */
  const organizationMetrics = (caller: Option.Option<Principal>, at: OrganizationCoordinates, request: MetricsRequest) =>
    Effect.flatMap(access.organization(caller, at, "read"), (organization) => windowOf(organization.id, request))

  const organizationSystems = (caller: Option.Option<Principal>, at: OrganizationCoordinates) =>
    Effect.flatMap(access.organization(caller, at, "read"), (organization) => store.systems(organization.id))

  return withSpans("Metrics", { metrics, systems, organizationMetrics, organizationSystems })
})

/**
 * The delivery metrics' read side: the event store aggregates the window (where the events are),
 * core turns the aggregates into values, levels and series.
 */
export class Metrics extends Effect.Service<Metrics>()("@tidemark/core/Metrics", {
  effect: make,
  dependencies: [Access.Default]
}) {}

