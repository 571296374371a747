import { Goals, Records, Trusted } from "@tidemark/core"
import { Schema } from "effect"

/** Organizations and repository names match case-insensitively through the same key in every adapter. */
export const nameKey = (name: string) => name.toLowerCase()

/**
 * A repository and a branch as the page statements build them in JSON: the records' fields, the
 * goals as a plain struct, so that `Rows.check` can check them as they come (plain data on both
 * sides), after which they are made records without validating again.
 */
export const RepositoryRow = Schema.Struct({ ...Records.RepositoryRecord.fields, goals: Schema.Struct(Goals.Goals.fields) })
export const BranchRow = Schema.Struct(Records.BranchRecord.fields)

export const repositoryOf = (row: typeof RepositoryRow.Type): Records.RepositoryRecord =>
  Trusted.trusted(Records.RepositoryRecord, { ...row, goals: Trusted.trusted(Goals.Goals, row.goals) })

export const branchOf = (row: typeof BranchRow.Type): Records.BranchRecord => Trusted.trusted(Records.BranchRecord, row)
