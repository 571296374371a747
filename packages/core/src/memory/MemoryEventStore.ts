import { Effect, Layer } from "effect"
import { aggregateEvents } from "../domain/DeliveryAggregates.js"
import { deliveryEventsOf } from "../domain/DeliveryEvents.js"
import type { Change, Deployment, Incident } from "../domain/IngestionEvents.js"
import { EventStore } from "../ports/EventStore.js"

type StoredEvent = Deployment | Change | Incident

const idOf = (event: StoredEvent) =>
  event.$type === "deployment" ? event.deploy_id : event.$type === "change" ? event.change_id : event.incident_id

export const make = Effect.sync(() => {
  const events = new Map<string, { readonly organizationId: number; readonly system: string; readonly event: StoredEvent }>()
  const select = (organizationId: number, system: string) =>
    [...events.values()].filter((e) => e.organizationId === organizationId && e.system === system).map((e) => e.event)
  const load = (organizationId: number, system: string) => {
    const all = select(organizationId, system)
    return {
      deployments: all.filter((e): e is Deployment => e.$type === "deployment"),
      changes: all.filter((e): e is Change => e.$type === "change"),
      incidents: all.filter((e): e is Incident => e.$type === "incident")
    }
  }
  const systems = (organizationId: number) =>
    [...new Set([...events.values()].filter((e) => e.organizationId === organizationId).map((e) => e.system))].sort()

  return EventStore.of({
    store: (organizationId, system, batch) =>
      Effect.sync(() => {
        for (const event of batch) {
          events.set(JSON.stringify([organizationId, system, event.$type, idOf(event)]), { organizationId, system, event })
        }
      }),
    load: (organizationId, system) => Effect.sync(() => load(organizationId, system)),
    systems: (organizationId) => Effect.sync(() => systems(organizationId)),
    // aggregateEvents applies the query's system itself.
    aggregate: (organizationId, query) =>
      Effect.sync(() =>
        aggregateEvents(deliveryEventsOf([...events.values()].filter((e) => e.organizationId === organizationId)), query)
      )
  })
})

export const layer = Layer.effect(EventStore, make)
