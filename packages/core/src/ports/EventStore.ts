import { Context, type Effect } from "effect"
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
  }
>() {}
