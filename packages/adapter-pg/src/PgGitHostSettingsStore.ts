import { SqlClient } from "@effect/sql"
import { GitHostSettings, GitHostSettingsStore } from "@tidemark/core"
import { Effect, Layer, Option, Redacted, Schema } from "effect"
import { decodeFirst } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

const SettingsRow = Schema.Struct({ token: Schema.String, api_base_url: Schema.NullOr(Schema.String), decorate_pull_requests: Schema.Boolean })

const settingsOf = (row: typeof SettingsRow.Type) =>
  new GitHostSettings.GitHostSettings({
    token: Redacted.make(row.token),
    ...(row.api_base_url === null ? {} : { apiBaseUrl: row.api_base_url }),
    decoratePullRequests: row.decorate_pull_requests
  })

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const find = (repositoryId: number) =>
    sql`SELECT token, api_base_url, decorate_pull_requests FROM git_host_settings WHERE repository_id = ${repositoryId}`.pipe(
      Effect.flatMap(decodeFirst(SettingsRow)),
      Effect.map(Option.map(settingsOf)),
      orUnavailable
    )

  const save = (repositoryId: number, settings: GitHostSettings.GitHostSettings) =>
    sql`
      INSERT INTO git_host_settings (repository_id, token, api_base_url, decorate_pull_requests)
      VALUES (${repositoryId}, ${Redacted.value(settings.token)}, ${settings.apiBaseUrl ?? null}, ${settings.decoratePullRequests})
      ON CONFLICT (repository_id) DO UPDATE
      SET token = EXCLUDED.token, api_base_url = EXCLUDED.api_base_url, decorate_pull_requests = EXCLUDED.decorate_pull_requests
    `.pipe(Effect.asVoid, orUnavailable)

  const remove = (repositoryId: number) =>
    sql`DELETE FROM git_host_settings WHERE repository_id = ${repositoryId}`.pipe(Effect.asVoid, orUnavailable)

  return GitHostSettingsStore.GitHostSettingsStore.of({ find, save, remove })
})

export const layer = Layer.effect(GitHostSettingsStore.GitHostSettingsStore, make)
