import { SqlClient } from "@effect/sql"
import { CredentialStore, Pagination, Records } from "@tidemark/core"
import { Effect, Layer, Option, Schema } from "effect"
import { decodeAll, decodeFirst, decodeSingle } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

/**
 * The admin credential belongs to no organization, only repository tokens to a repository, and a
 * credential never used has no last use: NULL in the row, absent in the record.
 */
const CredentialRow = Schema.Struct({
  ...Records.Credential.fields,
  organizationId: Schema.NullOr(Schema.Int),
  repositoryId: Schema.NullOr(Schema.Int),
  lastUsedAt: Schema.NullOr(Schema.String)
})

const toCredential = ({ lastUsedAt, organizationId, repositoryId, ...row }: typeof CredentialRow.Type) =>
  new Records.Credential({
    ...row,
    ...(organizationId === null ? {} : { organizationId }),
    ...(repositoryId === null ? {} : { repositoryId }),
    ...(lastUsedAt === null ? {} : { lastUsedAt })
  })

const decodeCredentialRows = decodeAll(CredentialRow)
const Count = Schema.Struct({ count: Schema.Int })

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const credentialColumns = sql.literal(`
    id, kind, organization_id AS "organizationId", repository_id AS "repositoryId", permission,
    secret_hash AS "secretHash", created_at AS "createdAt", last_used_at AS "lastUsedAt"
  `)

  // Saving an id again replaces the credential, as the in-memory adapter does.
  const save = (credential: Records.Credential) =>
    sql`
      INSERT INTO credentials (id, kind, organization_id, repository_id, permission, secret_hash, created_at, last_used_at)
      VALUES (
        ${credential.id}, ${credential.kind}, ${credential.organizationId ?? null}::integer,
        ${credential.repositoryId ?? null}::integer,
        ${credential.permission}, ${credential.secretHash}, ${credential.createdAt}, ${credential.lastUsedAt ?? null}::text
      )
      ON CONFLICT (id) DO UPDATE SET
        kind = EXCLUDED.kind,
        organization_id = EXCLUDED.organization_id,
        repository_id = EXCLUDED.repository_id,
        permission = EXCLUDED.permission,
        secret_hash = EXCLUDED.secret_hash,
        created_at = EXCLUDED.created_at,
        last_used_at = EXCLUDED.last_used_at
    `.pipe(Effect.asVoid, orUnavailable)

  const find = (id: string) =>
    sql`SELECT ${credentialColumns} FROM credentials WHERE id = ${id}`.pipe(
      Effect.flatMap(decodeFirst(CredentialRow)),
      Effect.map((row) => row.pipe(Option.map(toCredential))),
      orUnavailable
    )

  const countByKind = (kind: Records.CredentialKind) =>
    sql`SELECT count(*)::integer AS count FROM credentials WHERE kind = ${kind}`.pipe(
      Effect.flatMap(decodeSingle(Count)),
      Effect.map(({ count }) => count),
      orUnavailable
    )

  // Ordered by code unit ("C"), as the in-memory adapter and the cursor's keys compare.
  const ofOrganization = (organizationId: number, page: Pagination.PageRequest) => {
    const [createdAt, id] = page.after ?? []
    const after = page.after === undefined
      ? sql`true`
      : sql`(created_at COLLATE "C", id COLLATE "C") > (${String(createdAt)}, ${String(id)})`
    return Effect.all([
      sql`
        SELECT ${credentialColumns} FROM credentials
        WHERE organization_id = ${organizationId} AND ${after}
        ORDER BY created_at COLLATE "C", id COLLATE "C"
        LIMIT ${page.limit + 1}
      `.pipe(Effect.flatMap(decodeCredentialRows)),
      sql`SELECT count(*)::integer AS count FROM credentials WHERE organization_id = ${organizationId}`.pipe(
        Effect.flatMap(decodeSingle(Count))
      )
    ], { concurrency: 2 }).pipe(
      Effect.map(([rows, { count }]) => Pagination.pageOfRows(rows.map(toCredential), count, page, (c) => [c.createdAt, c.id])),
      orUnavailable
    )
  }

  const remove = (organizationId: number, id: string) =>
    sql`DELETE FROM credentials WHERE id = ${id} AND organization_id = ${organizationId} RETURNING id`.pipe(
      Effect.map((rows) => rows.length > 0),
      orUnavailable
    )

  // Another process may have recorded a later use meanwhile: a use never moves the time back.
  const markUsed = (id: string, at: string) =>
    sql`
      UPDATE credentials SET last_used_at = ${at}
      WHERE id = ${id} AND (last_used_at IS NULL OR last_used_at COLLATE "C" < ${at})
    `.pipe(Effect.asVoid, orUnavailable)

  return CredentialStore.CredentialStore.of({ save, find, countByKind, ofOrganization, remove, markUsed })
})

export const layer = Layer.effect(CredentialStore.CredentialStore, make)
