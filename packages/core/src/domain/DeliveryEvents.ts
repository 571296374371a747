import { Schema } from "effect"
import type { Change, Deployment, Incident } from "./IngestionEvents.js"
import { epochMillisOf } from "./Rfc3339.js"
import { dayMillis, MetricsBucket } from "./TimeBuckets.js"

/**
 * The delivery events as the metric calculations take them.
 *
 * The records are independent of the ingestion schemas: times are epoch milliseconds, and every
 * record carries its system. Events ingested without a system belong to the system `_unknown_`;
 * the caller sets it, this module treats it as any other system. Ids are unique per system and
 * type (as the event store keys them). Every join (a deployment's change ids to changes, an
 * incident to the deployment that caused it) stays within one system: the same change id in two
 * systems names two changes.
 */

/** Milliseconds since 1970-01-01T00:00:00Z, within the range of a JavaScript Date (±8.64e15). */
const EpochMillis = Schema.Number.pipe(Schema.between(-8.64e15, 8.64e15)).annotations({
  description: "milliseconds since 1970-01-01T00:00:00Z"
})

export class DeliveryDeployment extends Schema.Class<DeliveryDeployment>("DeliveryDeployment")({
  id: Schema.String,
  system: Schema.String,
  timeCreated: EpochMillis,
  /** Ids of the changes the deployment includes. */
  changes: Schema.Array(Schema.String),
  teams: Schema.Array(Schema.String)
}) {}

export class DeliveryChange extends Schema.Class<DeliveryChange>("DeliveryChange")({
  id: Schema.String,
  system: Schema.String,
  timeCreated: EpochMillis
}) {}

/**
 * The ingestion API requires time_created before time_resolved; at millisecond precision two such
 * instants may become equal, so only a resolution before the creation is refused here.
 */
export class DeliveryIncident extends Schema.Class<DeliveryIncident>("DeliveryIncident")(
  Schema.Struct({
    id: Schema.String,
    system: Schema.String,
    timeCreated: EpochMillis,
    timeResolved: EpochMillis
  }).pipe(
    Schema.filter((incident) => incident.timeResolved >= incident.timeCreated, {
      message: () => "timeResolved must not be before timeCreated"
    })
  )
) {}

export interface DeliveryEvents {
  readonly deployments: ReadonlyArray<DeliveryDeployment>
  readonly changes: ReadonlyArray<DeliveryChange>
  readonly incidents: ReadonlyArray<DeliveryIncident>
}

/** Default window: the 90 days before `to`. */
export const defaultWindowDays = 90
export const defaultFrom = (to: number): number => to - defaultWindowDays * dayMillis

/** The window is [from, to), epoch milliseconds. */
export const MetricsQuery = Schema.Struct({
  from: EpochMillis,
  to: EpochMillis,
  bucket: MetricsBucket,
  system: Schema.optional(Schema.String),
  team: Schema.optional(Schema.String)
})
export type MetricsQuery = typeof MetricsQuery.Type

/** An ingested event and the system it was stored under. */
export interface SystemEvent {
  readonly system: string
  readonly event: Deployment | Change | Incident
}

/** Stored events, of any systems, as the calculations take them; times as `epochMillisOf` reads them. */
export const deliveryEventsOf = (stored: Iterable<SystemEvent>): DeliveryEvents => {
  // Stored events were validated when they were ingested: their times always read.
  const millis = (time: string) => epochMillisOf(time) ?? Number.NaN
  const deployments: Array<DeliveryDeployment> = []
  const changes: Array<DeliveryChange> = []
  const incidents: Array<DeliveryIncident> = []
  for (const { event, system } of stored) {
    switch (event.$type) {
      case "deployment":
        deployments.push(
          new DeliveryDeployment({
            id: event.deploy_id,
            system,
            timeCreated: millis(event.time_created),
            changes: event.changes,
            teams: event.teams ?? []
          })
        )
        break
      case "change":
        changes.push(new DeliveryChange({ id: event.change_id, system, timeCreated: millis(event.time_created) }))
        break
      case "incident":
        incidents.push(
          new DeliveryIncident({
            id: event.incident_id,
            system,
            timeCreated: millis(event.time_created),
            timeResolved: millis(event.time_resolved)
          })
        )
    }
  }
  return { deployments, changes, incidents }
}
