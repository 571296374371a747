import { Effect, Either, Option, Schema } from "effect"
import { advisoryOfOsv, type Advisory, OsvRecord } from "../domain/Advisory.js"
import { nowIso } from "../domain/Now.js"
import type { Principal } from "../domain/Principal.js"
import { AdvisoryStore } from "../ports/AdvisoryStore.js"
import { withSpans } from "../runtime/Spans.js"
import { Access } from "./Access.js"
import { SecurityScans } from "./SecurityScans.js"

type Caller = Option.Option<Principal>

/** At most this many records in one import request (a batch of OSV's export). */
export const maxRecordsPerImport = 1000

/** What one batch of records did. */
export class AdvisoryImportResult extends Schema.Class<AdvisoryImportResult>("AdvisoryImportResult")({
  /** New, or newer than the stored copy. */
  saved: Schema.Int,
  /** Already stored as new. */
  unchanged: Schema.Int,
  /** Withdrawn records whose advisory was removed. */
  removed: Schema.Int,
  /** Valid records of ecosystems Tidemark does not read (Maven, Debian, …), or with no version range. */
  skipped: Schema.Int,
  /** Records that are not OSV. */
  invalidRecords: Schema.Int,
  /** Some of them: their position in the batch and why (the first 20). */
  invalid: Schema.Array(Schema.Struct({ index: Schema.Int, id: Schema.optional(Schema.String), reason: Schema.String }))
}) {}

export class ImportAdvisoriesBody extends Schema.Class<ImportAdvisoriesBody>("ImportAdvisoriesBody")({
  records: Schema.Array(Schema.Unknown).pipe(Schema.maxItems(maxRecordsPerImport))
}) {}

export class AdvisoryImportStatus extends Schema.Class<AdvisoryImportStatus>("AdvisoryImportStatus")({
  /** When advisories were last imported; absent before the first import. */
  lastImportedAt: Schema.optional(Schema.String),
  advisories: Schema.Int
}) {}

export class AdvisoryMatchResult extends Schema.Class<AdvisoryMatchResult>("AdvisoryMatchResult")({
  /** Repositories whose inventory was matched again. */
  repositories: Schema.Int
}) {}

const decodeRecord = Schema.decodeUnknownEither(OsvRecord)

const make = Effect.gen(function*() {
  const access = yield* Access
  const store = yield* AdvisoryStore
  const scans = yield* SecurityScans
  const asAdmin = (caller: Caller) => access.installationAdmin(caller, "Only the installation admin imports advisories")

  /**
   * A batch of OSV records, as OSV's export holds them: each decoded on its own (a bad record is
   * reported, the others kept), withdrawn ones removed, the rest kept by id, newest copy winning.
   */
  const importRecords = (caller: Caller, records: ReadonlyArray<unknown>) =>
    Effect.gen(function*() {
      yield* asAdmin(caller)
      const advisories: Array<Advisory> = []
      const withdrawn: Array<string> = []
      const invalid: Array<{ readonly index: number; readonly id?: string; readonly reason: string }> = []
      let skipped = 0
      let invalidRecords = 0
      records.forEach((record, index) => {
        const decoded = decodeRecord(record)
        if (Either.isLeft(decoded)) {
          invalidRecords++
          const id = typeof record === "object" && record !== null && typeof (record as { id?: unknown }).id === "string"
            ? (record as { id: string }).id
            : undefined
          if (invalid.length < 20) invalid.push({ index, ...(id === undefined ? {} : { id }), reason: decoded.left.message })
          return
        }
        if (decoded.right.withdrawn !== undefined) {
          withdrawn.push(decoded.right.id)
          return
        }
        const advisory = advisoryOfOsv(decoded.right)
        if (advisory === undefined) skipped++
        else advisories.push(advisory)
      })
      const counted = yield* store.save(advisories, withdrawn, yield* nowIso)
      return AdvisoryImportResult.make({ ...counted, skipped, invalidRecords, invalid })
    })

  const status = (caller: Caller) =>
    Effect.gen(function*() {
      yield* asAdmin(caller)
      const stamp = yield* store.lastImport
      return Option.match(stamp, {
        onNone: () => AdvisoryImportStatus.make({ advisories: 0 }),
        onSome: (s) => AdvisoryImportStatus.make({ lastImportedAt: s.at, advisories: s.advisories })
      })
    })

  /** Every inventory older than the advisories matched again: what an import ends with. */
  const match = (caller: Caller) =>
    Effect.gen(function*() {
      yield* asAdmin(caller)
      return AdvisoryMatchResult.make({ repositories: yield* scans.rematch })
    })

  return withSpans("AdvisoryImports", { importRecords, status, match })
})

/** The installation admin's import of vulnerability advisories (OSV), and the matching it starts. */
export class AdvisoryImports extends Effect.Service<AdvisoryImports>()("@tidemark/core/AdvisoryImports", {
  effect: make,
  dependencies: [Access.Default, SecurityScans.Default]
}) {}
