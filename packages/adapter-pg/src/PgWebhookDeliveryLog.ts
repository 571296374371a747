import { SqlClient } from "@effect/sql"
import { WebhookDeliveryLog } from "@tidemark/core"
import { Effect, Layer, Schema } from "effect"
import { decodeAll } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

const ClaimedRow = Schema.Struct({ key: Schema.String })

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  /**
   * The expired keys go first, then the delivery's keys where none is kept: a key already there
   * (or being inserted by a delivery claimed at the same moment, which the primary key makes this
   * one wait for) is not inserted again, so fewer rows come back than keys were given.
   */
  const claim = (repositoryId: number, keys: ReadonlyArray<string>, at: string, until: string) =>
    Effect.gen(function*() {
      yield* sql`DELETE FROM webhook_deliveries WHERE expires_at <= ${at}::timestamptz`
      const inserted = yield* sql`
        INSERT INTO webhook_deliveries (repository_id, key, expires_at)
        SELECT ${repositoryId}, k, ${until}::timestamptz FROM unnest(${keys}::text[]) AS k
        ON CONFLICT (repository_id, key) DO NOTHING
        RETURNING key
      `.pipe(Effect.flatMap(decodeAll(ClaimedRow)))
      if (inserted.length === new Set(keys).size) return true
      // A replay: the keys it brought that were new are not kept for it.
      yield* release(repositoryId, inserted.map((row) => row.key))
      return false
    }).pipe(sql.withTransaction, orUnavailable)

  const release = (repositoryId: number, keys: ReadonlyArray<string>) =>
    sql`DELETE FROM webhook_deliveries WHERE repository_id = ${repositoryId} AND key = ANY(${keys}::text[])`.pipe(
      Effect.asVoid
    )

  return WebhookDeliveryLog.WebhookDeliveryLog.of({ claim, release: (repositoryId, keys) => orUnavailable(release(repositoryId, keys)) })
})

export const layer = Layer.effect(WebhookDeliveryLog.WebhookDeliveryLog, make)
