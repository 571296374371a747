import { SqlClient } from "@effect/sql"
import { RegisteredToolRules, RegisteredTools } from "@tidemark/core"
import { Effect, Layer, Schema } from "effect"
import { decodeAll } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

const RuleRow = Schema.Struct({
  id: Schema.String,
  title: Schema.NullOr(Schema.String),
  description: Schema.NullOr(Schema.String),
  level: RegisteredTools.DiscoveredRule.fields.level,
  category: RegisteredTools.DiscoveredRule.fields.category
})

const ruleOf = (row: typeof RuleRow.Type): RegisteredTools.DiscoveredRule =>
  new RegisteredTools.DiscoveredRule({
    id: row.id,
    level: row.level,
    category: row.category,
    ...(row.title === null ? {} : { title: row.title }),
    ...(row.description === null ? {} : { description: row.description })
  })

/** A rule named twice in one call once, its latest description (one statement cannot update a row twice). */
const latestOf = (rules: ReadonlyArray<RegisteredTools.DiscoveredRule>) => [...new Map(rules.map((rule) => [rule.id, { ...rule }])).values()]

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const rules = (toolUuid: string) =>
    sql`
      SELECT rule_id AS id, title, description, level, category FROM registered_tool_rules
      WHERE tool_uuid = ${toolUuid}
      ORDER BY rule_id COLLATE "C"
    `.pipe(Effect.flatMap(decodeAll(RuleRow)), Effect.map((rows) => rows.map(ruleOf)), orUnavailable)

  // One statement for the log's rules, as other stores write their rows (a SARIF tool describes every
  // rule it has in each log: Staticcheck's 144 at every analysis).
  const record = (toolUuid: string, found: ReadonlyArray<RegisteredTools.DiscoveredRule>) =>
    found.length === 0
      ? Effect.void
      : sql`
        INSERT INTO registered_tool_rules (tool_uuid, rule_id, title, description, level, category)
        SELECT ${toolUuid}, r.id, r.title, r.description, r.level, r.category
        FROM jsonb_to_recordset(${JSON.stringify(latestOf(found))}::jsonb) AS r(id text, title text, description text, level text, category text)
        ON CONFLICT (tool_uuid, rule_id) DO UPDATE SET
          title = EXCLUDED.title, description = EXCLUDED.description, level = EXCLUDED.level, category = EXCLUDED.category
      `.pipe(Effect.asVoid, orUnavailable)

  return RegisteredToolRules.RegisteredToolRules.of({ record, rules })
})

export const layer = Layer.effect(RegisteredToolRules.RegisteredToolRules, make)
