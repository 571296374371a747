import { Context, type Effect } from "effect"
import type { DeliveryAggregates } from "../domain/DeliveryAggregates.js"
import type { MetricsQuery } from "../domain/DeliveryEvents.js"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { Change, Deployment, Incident } from "../domain/IngestionEvents.js"

export interface StoredEvents {
  readonly deployments: ReadonlyArray<Deployment>
  readonly changes: ReadonlyArray<Change>
  readonly incidents: ReadonlyArray<Incident>
}

/**
 * Processed delivery events per organization and system. Storing is idempotent: an event is keyed
 * by organization, system, type and id, and storing it again replaces it (later data wins).
 *
 * `aggregate` answers what core's `aggregateEvents` would over the organization's stored events
 * (their times as `epochMillisOf` reads them): a store may compute it where the events are.
 */
export class EventStore extends Context.Tag("@tidemark/core/EventStore")<
  EventStore,
  {
    readonly store: (
      organizationId: number,
      system: string,
      events: ReadonlyArray<Deployment | Change | Incident>
    ) => Effect.Effect<void, ServiceUnavailable>
    readonly load: (organizationId: number, system: string) => Effect.Effect<StoredEvents, ServiceUnavailable>
    readonly systems: (organizationId: number) => Effect.Effect<ReadonlyArray<string>, ServiceUnavailable>
    readonly aggregate: (
      organizationId: number,
      query: MetricsQuery
    ) => Effect.Effect<DeliveryAggregates, ServiceUnavailable>
  }
>() {}
