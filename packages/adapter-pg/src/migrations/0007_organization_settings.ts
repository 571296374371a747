import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The installation admin's settings of an organization (core's OrganizationSettings). Columns
 * rather than a JSON document: each setting is read where a decision needs it, and an absent one
 * must mean its safe default (configuration files not allowed).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE organizations ADD COLUMN allow_configuration_files boolean NOT NULL DEFAULT false`
})
