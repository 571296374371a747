import { SqlClient } from "@effect/sql"
import { LanguageSettings, LanguageSettingsStore } from "@tidemark/core"
import { Effect, Layer } from "effect"
import { decodeAll } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

const SettingRow = LanguageSettings.LanguageSetting

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const settings = (repositoryId: number) =>
    sql`
      SELECT language, enabled, extensions FROM language_settings
      WHERE repository_id = ${repositoryId}
      ORDER BY language COLLATE "C"
    `.pipe(Effect.flatMap(decodeAll(SettingRow)), orUnavailable)

  // A field left out is NULL here: the row keeps its value (a new row takes the defaults).
  const upsert = (repositoryId: number, change: LanguageSettings.LanguageSettingChange) =>
    sql`
      INSERT INTO language_settings (repository_id, language, enabled, extensions)
      VALUES (
        ${repositoryId}, ${change.language}, COALESCE(${change.enabled ?? null}::boolean, true),
        COALESCE(${change.extensions ?? null}::text[], '{}')
      )
      ON CONFLICT (repository_id, language) DO UPDATE SET
        enabled = COALESCE(${change.enabled ?? null}::boolean, language_settings.enabled),
        extensions = COALESCE(${change.extensions ?? null}::text[], language_settings.extensions)
    `

  const update = (repositoryId: number, changes: ReadonlyArray<LanguageSettings.LanguageSettingChange>) =>
    sql.withTransaction(Effect.forEach(changes, (change) => upsert(repositoryId, change), { discard: true })).pipe(orUnavailable)

  return LanguageSettingsStore.LanguageSettingsStore.of({ settings, update })
})

export const layer = Layer.effect(LanguageSettingsStore.LanguageSettingsStore, make)
