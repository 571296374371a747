import { SqlClient } from "@effect/sql"
import { QualityGate, QualityGateStore } from "@tidemark/core"
import { Effect, Layer, Option, Schema } from "effect"
import { decodeFirst } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

const GateRow = Schema.Struct({ gate: QualityGate.QualityGate })
const encodeGate = Schema.encodeSync(QualityGate.QualityGate)

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const find = (repositoryId: number, kind: QualityGate.GateKind) =>
    sql`SELECT gate FROM quality_gates WHERE repository_id = ${repositoryId} AND kind = ${kind}`.pipe(
      Effect.flatMap(decodeFirst(GateRow)),
      Effect.map(Option.map((row) => row.gate)),
      orUnavailable
    )

  const save = (repositoryId: number, kind: QualityGate.GateKind, gate: QualityGate.QualityGate) =>
    sql`
      INSERT INTO quality_gates (repository_id, kind, gate)
      VALUES (${repositoryId}, ${kind}, ${JSON.stringify(encodeGate(gate))}::jsonb)
      ON CONFLICT (repository_id, kind) DO UPDATE SET gate = EXCLUDED.gate
    `.pipe(Effect.asVoid, orUnavailable)

  const remove = (repositoryId: number, kind: QualityGate.GateKind) =>
    sql`DELETE FROM quality_gates WHERE repository_id = ${repositoryId} AND kind = ${kind}`.pipe(Effect.asVoid, orUnavailable)

  return QualityGateStore.QualityGateStore.of({ find, save, remove })
})

export const layer = Layer.effect(QualityGateStore.QualityGateStore, make)
