import { Schema } from "effect"
import { isBefore, Rfc3339 } from "./Rfc3339.js"

/** The 27 CI/CD systems the ingestion API names, plus `api`, `cli` and `git`. */
export const ciSystems = [
  "appveyor", "aws-codebuild", "azure-pipelines", "bitrise", "buddy", "buildkite", "circleci",
  "codefresh", "codemagic", "codeship", "docker", "drone", "github-actions", "gitlab-ci", "gocd",
  "google-cloud-build", "greenhouse", "heroku-ci", "jenkins", "jfrog-pipelines", "magnum",
  "semaphore", "shippable", "solano", "teamcity", "travis", "wercker"
] as const

export const EventSource = Schema.Literal("api", "cli", "git", ...ciSystems)
export type EventSource = typeof EventSource.Type

/** At most 40 characters (code points, not UTF-16 units). */
const EventId = Schema.String.pipe(
  Schema.filter((s) => s.length > 0 && [...s].length <= 40, {
    message: () => "expected 1 to 40 characters",
    // JSON Schema counts code points too.
    jsonSchema: { minLength: 1, maxLength: 40 }
  })
)

export class Deployment extends Schema.Class<Deployment>("Deployment")({
  $type: Schema.Literal("deployment"),
  deploy_id: EventId,
  time_created: Rfc3339,
  changes: Schema.Array(Schema.String).pipe(Schema.maxItems(40)),
  teams: Schema.optional(Schema.Array(Schema.String)),
  source: Schema.optional(EventSource)
}) {}

export class Change extends Schema.Class<Change>("Change")({
  $type: Schema.Literal("change"),
  change_id: EventId,
  time_created: Rfc3339,
  source: Schema.optional(EventSource)
}) {}

export class Incident extends Schema.Class<Incident>("Incident")(
  Schema.Struct({
    $type: Schema.Literal("incident"),
    incident_id: EventId,
    time_created: Rfc3339,
    time_resolved: Rfc3339,
    source: Schema.optional(EventSource)
  }).annotations({
    // The documents show a request's encoded side, which has no refinement: named here, the struct
    // is a component as Deployment and Change are, not an inline copy.
    identifier: "Incident"
  }).pipe(
    Schema.filter((i) => isBefore(i.time_created, i.time_resolved), {
      message: () => "time_created must be before time_resolved"
    })
  )
) {}

export const Event = Schema.Union(Deployment, Change, Incident)
export type Event = typeof Event.Type
