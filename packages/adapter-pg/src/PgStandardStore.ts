import { SqlClient } from "@effect/sql"
import { Common, Records, StandardStore } from "@tidemark/core"
import { Effect, Layer, Schema } from "effect"
import { decodeAll, decodeFirst, decodeSingle } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

/** A standard with its application; `sequence` is a bigint, which the driver reads as a string. */
const AppliedRow = Schema.Struct({
  ...Records.CodingStandard.fields,
  appliedAt: Schema.String,
  sequence: Schema.NumberFromString.pipe(Schema.int())
})

const StandardOfRepository = Schema.Struct({ repositoryId: Schema.Int, ...Common.StandardRef.fields })

const toAppliedStandard = ({ appliedAt, sequence, ...standard }: typeof AppliedRow.Type) =>
  new Records.AppliedStandard({ standard: new Records.CodingStandard(standard, true), appliedAt, sequence }, true)

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const standardColumns = sql.literal(`
    id, organization_id AS "organizationId", name, tools, created_at AS "createdAt"`)

  const create = (organizationId: number, name: string, tools: ReadonlyArray<Records.StandardTool>, now: string) =>
    sql`
      INSERT INTO coding_standards (organization_id, name, tools, created_at)
      VALUES (${organizationId}, ${name}, ${JSON.stringify(tools)}::jsonb, ${now})
      RETURNING ${standardColumns}
    `.pipe(Effect.flatMap(decodeSingle(Records.CodingStandard)), orUnavailable)

  const list = (organizationId: number) =>
    sql`
      SELECT ${standardColumns} FROM coding_standards
      WHERE organization_id = ${organizationId}
      ORDER BY id
    `.pipe(Effect.flatMap(decodeAll(Records.CodingStandard)), orUnavailable)

  const find = (organizationId: number, id: number) =>
    sql`
      SELECT ${standardColumns} FROM coding_standards
      WHERE organization_id = ${organizationId} AND id = ${id}
    `.pipe(Effect.flatMap(decodeFirst(Records.CodingStandard)), orUnavailable)

  // EXCLUDED.sequence is the column default evaluated for this statement: re-applying moves last.
  const apply = (standardId: number, repositoryId: number, now: string) =>
    sql`
      INSERT INTO standard_applications (repository_id, standard_id, applied_at)
      VALUES (${repositoryId}, ${standardId}, ${now})
      ON CONFLICT (repository_id, standard_id) DO UPDATE SET
        applied_at = EXCLUDED.applied_at,
        sequence = EXCLUDED.sequence
    `.pipe(Effect.asVoid, orUnavailable)

  const unapply = (standardId: number, repositoryId: number) =>
    sql`
      DELETE FROM standard_applications
      WHERE repository_id = ${repositoryId} AND standard_id = ${standardId}
    `.pipe(Effect.asVoid, orUnavailable)

  const appliedTo = (repositoryId: number) =>
    sql`
      SELECT s.id, s.organization_id AS "organizationId", s.name, s.tools, s.created_at AS "createdAt",
        a.applied_at AS "appliedAt", a.sequence
      FROM standard_applications a JOIN coding_standards s ON s.id = a.standard_id
      WHERE a.repository_id = ${repositoryId}
      ORDER BY a.sequence
    `.pipe(
      Effect.flatMap(decodeAll(AppliedRow)),
      Effect.map((rows) => rows.map(toAppliedStandard)),
      orUnavailable
    )

  const standardsOf = (repositoryIds: ReadonlyArray<number>) =>
    sql`
      SELECT a.repository_id AS "repositoryId", s.id, s.name
      FROM standard_applications a JOIN coding_standards s ON s.id = a.standard_id
      WHERE a.repository_id = ANY(${repositoryIds}::integer[])
      ORDER BY a.repository_id, a.sequence
    `.pipe(
      Effect.flatMap(decodeAll(StandardOfRepository)),
      Effect.map((rows) => {
        const byRepository = new Map<number, Array<Common.StandardRef>>(repositoryIds.map((id) => [id, []]))
        for (const { repositoryId, ...ref } of rows) byRepository.get(repositoryId)?.push(new Common.StandardRef(ref, true))
        return byRepository
      }),
      orUnavailable
    )

  return StandardStore.StandardStore.of({ create, list, find, apply, unapply, appliedTo, standardsOf })
})

export const layer = Layer.effect(StandardStore.StandardStore, make)
