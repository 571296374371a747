import { SqlClient } from "@effect/sql"
import { WebhookSecretStore } from "@tidemark/core"
import { Effect, Layer, Option, Schema } from "effect"
import { decodeFirst } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

const SecretRow = Schema.Struct({ secret: Schema.String })

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const save = (repositoryId: number, secret: string) =>
    sql`
      INSERT INTO webhook_secrets (repository_id, secret) VALUES (${repositoryId}, ${secret})
      ON CONFLICT (repository_id) DO UPDATE SET secret = EXCLUDED.secret
    `.pipe(Effect.asVoid, orUnavailable)

  const find = (repositoryId: number) =>
    sql`SELECT secret FROM webhook_secrets WHERE repository_id = ${repositoryId}`.pipe(
      Effect.flatMap(decodeFirst(SecretRow)),
      Effect.map(Option.map((row) => row.secret)),
      orUnavailable
    )

  return WebhookSecretStore.WebhookSecretStore.of({ save, find })
})

export const layer = Layer.effect(WebhookSecretStore.WebhookSecretStore, make)
