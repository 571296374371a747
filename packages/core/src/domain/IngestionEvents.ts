import { Schema } from "effect"

/** The 27 CI/CD systems the ingestion API names, plus `api`, `cli` and `git`. */
export const ciSystems = [
  "appveyor", "aws-codebuild", "azure-pipelines", "bitrise", "buddy", "buildkite", "circleci",
  "codefresh", "codemagic", "codeship", "docker", "drone", "github-actions", "gitlab-ci", "gocd",
  "google-cloud-build", "greenhouse", "heroku-ci", "jenkins", "jfrog-pipelines", "magnum",
  "semaphore", "shippable", "solano", "teamcity", "travis", "wercker"
] as const

export const EventSource = Schema.Literal("api", "cli", "git", ...ciSystems)
export type EventSource = typeof EventSource.Type

const EventId = Schema.String.pipe(Schema.minLength(1), Schema.maxLength(40))

/** RFC 3339: a date, `T`, a time with optional fraction, and `Z` or an offset. */
const rfc3339 =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/
export const Rfc3339 = Schema.String.pipe(
  Schema.filter((s) => rfc3339.test(s) && !Number.isNaN(Date.parse(s)), {
    message: () => "expected an RFC 3339 date-time, e.g. 2024-05-01T12:00:00Z"
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
  }).pipe(
    Schema.filter((i) => Date.parse(i.time_created) < Date.parse(i.time_resolved), {
      message: () => "time_created must be before time_resolved"
    })
  )
) {}

export const Event = Schema.Union(Deployment, Change, Incident)
export type Event = typeof Event.Type
