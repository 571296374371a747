import { SqlClient } from "@effect/sql"
import { Common, Records, ToolConfigStore, Trusted } from "@tidemark/core"
import { Effect, Layer, Schema } from "effect"
import { check, decodeAll } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

/** A row's `enabled` is NULL when the repository never chose: the tool's default applies. */
const ToolSettingRow = Schema.Struct({
  toolUuid: Schema.String,
  enabled: Schema.NullOr(Schema.Boolean),
  usesConfigurationFile: Schema.NullOr(Schema.Boolean)
})

const toToolSetting = ({ enabled, toolUuid, usesConfigurationFile }: typeof ToolSettingRow.Type) =>
  new Records.ToolSetting({
    toolUuid,
    ...(enabled === null ? {} : { enabled }),
    ...(usesConfigurationFile === null ? {} : { usesConfigurationFile })
  })

/**
 * Checked as plain data against the settings' encoded side (`Rows.check`), then made records
 * without validating again (`trusted`): a repository may hold a setting for each of a tool's
 * patterns (thousands), and decoding them was most of a pattern list's time in Node.
 */
const checkPatternSettings = check(Schema.Tuple(Schema.Struct({
  settings: Schema.Array(Schema.encodedBoundSchema(Records.PatternSetting))
})))

/** The last setting of a pattern wins, at the position of its first (as a Map keeps them). */
const lastPerPattern = (patterns: ReadonlyArray<Records.PatternSetting>) => [
  ...new Map(patterns.map((p) => [p.patternId, p])).values()
]

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const toolSettings = (repositoryId: number) =>
    sql`
      SELECT tool_uuid AS "toolUuid", enabled, uses_configuration_file AS "usesConfigurationFile"
      FROM tool_settings WHERE repository_id = ${repositoryId}
      ORDER BY position
    `.pipe(
      Effect.flatMap(decodeAll(ToolSettingRow)),
      Effect.map((rows) => rows.map(toToolSetting)),
      orUnavailable
    )

  // One JSON value rather than a row per setting: a repository may set each of a tool's patterns.
  const patternSettings = (repositoryId: number, toolUuid: string) =>
    sql`
      SELECT coalesce(json_agg(json_build_object(
        'patternId', pattern_id, 'enabled', enabled, 'parameters', parameters
      ) ORDER BY position), '[]') AS settings
      FROM pattern_settings WHERE repository_id = ${repositoryId} AND tool_uuid = ${toolUuid}
    `.pipe(
      Effect.flatMap(checkPatternSettings),
      Effect.map(([{ settings }]) =>
        settings.map(({ enabled, parameters, patternId }) =>
          Trusted.trusted(Records.PatternSetting, { patternId, enabled, parameters: parameters.map((p) => Trusted.trusted(Common.ParameterValue, p)) })
        )
      ),
      orUnavailable
    )

  /** An absent `enabled` or `usesConfigurationFile` keeps what was stored. */
  const upsertTool = (repositoryId: number, toolUuid: string, change: ToolConfigStore.ToolChange) => {
    const enabled = change.enabled ?? null
    const usesConfigurationFile = change.usesConfigurationFile ?? null
    return sql`
      INSERT INTO tool_settings (repository_id, tool_uuid, enabled, uses_configuration_file)
      VALUES (${repositoryId}, ${toolUuid}, ${enabled}::boolean, ${usesConfigurationFile}::boolean)
      ON CONFLICT (repository_id, tool_uuid) DO UPDATE SET
        enabled = coalesce(${enabled}::boolean, tool_settings.enabled),
        uses_configuration_file = coalesce(${usesConfigurationFile}::boolean, tool_settings.uses_configuration_file)
    `
  }

  const upsertPatterns = (repositoryId: number, toolUuid: string, patterns: ReadonlyArray<Records.PatternSetting>) =>
    sql`
      INSERT INTO pattern_settings (repository_id, tool_uuid, pattern_id, enabled, parameters)
      SELECT ${repositoryId}, ${toolUuid}, p."patternId", p.enabled, p.parameters
      FROM jsonb_to_recordset(${JSON.stringify(lastPerPattern(patterns))}::jsonb)
        AS p("patternId" text, enabled boolean, parameters jsonb)
      ON CONFLICT (repository_id, tool_uuid, pattern_id) DO UPDATE SET
        enabled = EXCLUDED.enabled,
        parameters = EXCLUDED.parameters
    `

  const applyToolChange = (repositoryId: number, toolUuid: string, change: ToolConfigStore.ToolChange) =>
    Effect.zipRight(
      upsertTool(repositoryId, toolUuid, change),
      change.patterns.length === 0 ? Effect.void : upsertPatterns(repositoryId, toolUuid, change.patterns)
    ).pipe(sql.withTransaction, Effect.asVoid, orUnavailable)

  // One statement whatever the number of patterns; a pattern never configured starts without parameters.
  const setPatternsEnabled = (repositoryId: number, toolUuid: string, patternIds: ReadonlyArray<string>, enabled: boolean) =>
    sql`
      INSERT INTO pattern_settings (repository_id, tool_uuid, pattern_id, enabled)
      SELECT ${repositoryId}, ${toolUuid}, p.id, ${enabled}
      FROM unnest(${[...new Set(patternIds)]}::text[]) WITH ORDINALITY AS p(id, position)
      ORDER BY p.position
      ON CONFLICT (repository_id, tool_uuid, pattern_id) DO UPDATE SET enabled = EXCLUDED.enabled
      -- Rows already in the requested state are not rewritten.
      WHERE pattern_settings.enabled IS DISTINCT FROM EXCLUDED.enabled
    `.pipe(Effect.asVoid, orUnavailable)

  return ToolConfigStore.ToolConfigStore.of({ toolSettings, patternSettings, applyToolChange, setPatternsEnabled })
})

export const layer = Layer.effect(ToolConfigStore.ToolConfigStore, make)
