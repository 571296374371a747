import { Args, Command } from "@effect/cli"
import { AdvisoryImports } from "@tidemark/core"
import { Console, Effect, Ref, Stream } from "effect"
import { advisoryRecords, isReadable } from "./AdvisoryFiles.js"
import { connectionOptions, TidemarkClient, withClient } from "./Client.js"

/**
 * `tidemark advisories import FILE|DIR`: the installation admin's import of vulnerability advisories
 * from OSV's export (`all.zip` of an ecosystem, a folder of OSV JSON, or one JSON file), sent to the
 * server in batches (importAdvisories), then every dependency inventory matched again
 * (matchAdvisories). `status` and `match` alone too.
 */

/** A batch stays well under the server's default body limit (1 MiB) and its record limit. */
const batchBytes = 512 * 1024
const batchRecords = AdvisoryImports.maxRecordsPerImport

interface Totals {
  readonly records: number
  readonly saved: number
  readonly unchanged: number
  readonly removed: number
  readonly skipped: number
  readonly invalid: number
}

const none: Totals = { records: 0, saved: 0, unchanged: 0, removed: 0, skipped: 0, invalid: 0 }

const importCommand = Command.make(
  "import",
  { path: Args.path({ name: "FILE|DIR", exists: "yes" }), ...connectionOptions },
  ({ path }) =>
    Effect.gen(function*() {
      const client = yield* TidemarkClient
      yield* isReadable(path)
      const totals = yield* Ref.make(none)
      const batch = yield* Ref.make<{ readonly records: ReadonlyArray<unknown>; readonly bytes: number }>({ records: [], bytes: 0 })
      const send = Effect.gen(function*() {
        const { records } = yield* Ref.getAndSet(batch, { records: [], bytes: 0 })
        if (records.length === 0) return
        const { data } = yield* client.call(client.api.admin.importAdvisories({ payload: { records } }))
        for (const invalid of data.invalid) yield* Console.error(`a record is not OSV (${invalid.id ?? `#${invalid.index}`}): ${invalid.reason}`)
        yield* Ref.update(totals, (t) => ({
          records: t.records + records.length,
          saved: t.saved + data.saved,
          unchanged: t.unchanged + data.unchanged,
          removed: t.removed + data.removed,
          skipped: t.skipped + data.skipped,
          invalid: t.invalid + data.invalidRecords
        }))
      })
      yield* Stream.runForEach(advisoryRecords(path), (read) =>
        read._tag === "Unparsable"
          ? Effect.zipRight(Console.error(`${read.name} is not JSON: ${read.reason}`), Ref.update(totals, (t) => ({ ...t, invalid: t.invalid + 1 })))
          : Effect.gen(function*() {
            const full = yield* Ref.get(batch)
            if (full.records.length >= batchRecords || full.bytes + read.bytes > batchBytes) yield* send
            yield* Ref.update(batch, (b) => ({ records: [...b.records, read.record], bytes: b.bytes + read.bytes }))
          }))
      yield* send
      const t = yield* Ref.get(totals)
      yield* Console.log(
        `${t.records} records read: ${t.saved} advisories saved, ${t.unchanged} unchanged, ${t.removed} withdrawn and removed, ` +
          `${t.skipped} of ecosystems Tidemark does not read, ${t.invalid} invalid`
      )
      const { data } = yield* client.call(client.api.admin.matchAdvisories())
      yield* Console.log(`${data.repositories} repositories' dependencies matched again`)
    })
).pipe(
  Command.withDescription("Import OSV advisories (an ecosystem's all.zip, a folder of OSV JSON, or a JSON file), then match every repository's dependencies again."),
  withClient
)

const statusCommand = Command.make("status", { ...connectionOptions }, () =>
  Effect.gen(function*() {
    const client = yield* TidemarkClient
    const { data } = yield* client.call(client.api.admin.getAdvisoryImport())
    yield* Console.log(data.lastImportedAt === undefined ? "No advisories imported yet." : `${data.advisories} advisories, last imported ${data.lastImportedAt}`)
  })).pipe(Command.withDescription("When advisories were last imported, and how many are kept."), withClient)

const matchCommand = Command.make("match", { ...connectionOptions }, () =>
  Effect.gen(function*() {
    const client = yield* TidemarkClient
    const { data } = yield* client.call(client.api.admin.matchAdvisories())
    yield* Console.log(`${data.repositories} repositories' dependencies matched again`)
  })).pipe(Command.withDescription("Match every repository's dependencies against the advisories again."), withClient)

/** `tidemark advisories ...` */
export const advisories = Command.make("advisories").pipe(
  Command.withDescription("Manage the vulnerability advisories dependencies are matched against (installation admin)."),
  Command.withSubcommands([importCommand, statusCommand, matchCommand])
)
