import { SqlClient } from "@effect/sql"
import { Credential, type CredentialKind, CredentialStore } from "@tidemark/core"
import { Effect, Layer, Option, Schema } from "effect"
import { decodeFirst, decodeSingle } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

/**
 * The admin credential belongs to no organization, and only repository tokens to a repository:
 * NULL in the row, absent in the record.
 */
const CredentialRow = Schema.Struct({
  ...Credential.fields,
  organizationId: Schema.NullOr(Schema.Int),
  repositoryId: Schema.NullOr(Schema.Int)
})

const toCredential = ({ organizationId, repositoryId, ...row }: typeof CredentialRow.Type) =>
  new Credential({
    ...row,
    ...(organizationId === null ? {} : { organizationId }),
    ...(repositoryId === null ? {} : { repositoryId })
  })

const Count = Schema.Struct({ count: Schema.Int })

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  // Saving an id again replaces the credential, as the in-memory adapter does.
  const save = (credential: Credential) =>
    sql`
      INSERT INTO credentials (id, kind, organization_id, repository_id, permission, secret_hash, created_at)
      VALUES (
        ${credential.id}, ${credential.kind}, ${credential.organizationId ?? null}::integer,
        ${credential.repositoryId ?? null}::integer,
        ${credential.permission}, ${credential.secretHash}, ${credential.createdAt}
      )
      ON CONFLICT (id) DO UPDATE SET
        kind = EXCLUDED.kind,
        organization_id = EXCLUDED.organization_id,
        repository_id = EXCLUDED.repository_id,
        permission = EXCLUDED.permission,
        secret_hash = EXCLUDED.secret_hash,
        created_at = EXCLUDED.created_at
    `.pipe(Effect.asVoid, orUnavailable)

  const find = (id: string) =>
    sql`
      SELECT id, kind, organization_id AS "organizationId", repository_id AS "repositoryId", permission,
        secret_hash AS "secretHash", created_at AS "createdAt"
      FROM credentials WHERE id = ${id}
    `.pipe(
      Effect.flatMap(decodeFirst(CredentialRow)),
      Effect.map((row) => row.pipe(Option.map(toCredential))),
      orUnavailable
    )

  const countByKind = (kind: CredentialKind) =>
    sql`SELECT count(*)::integer AS count FROM credentials WHERE kind = ${kind}`.pipe(
      Effect.flatMap(decodeSingle(Count)),
      Effect.map(({ count }) => count),
      orUnavailable
    )

  return CredentialStore.of({ save, find, countByKind })
})

export const layer = Layer.effect(CredentialStore, make)
