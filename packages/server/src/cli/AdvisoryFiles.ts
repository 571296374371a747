import { Effect, Stream } from "effect"
import { createReadStream } from "node:fs"
import { readdir, readFile, stat } from "node:fs/promises"
import { join } from "node:path"
import yauzl from "yauzl"

/**
 * The OSV records of an export, one at a time: OSV's per-ecosystem `all.zip` (read entry by entry,
 * never whole: the export of every ecosystem is close to a gigabyte), a folder of OSV JSON files
 * (a clone of an advisory database, searched through), or one JSON file holding a record or a list.
 */

/** One file's text, named for the messages about it. */
export interface RecordFile {
  readonly name: string
  readonly text: string
}

export class UnreadableAdvisories extends Error {
  override readonly name = "UnreadableAdvisories"
}

const openZip = (path: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: true }, (error, zip) => (error === null ? resolve(zip) : reject(error)))
  )

const nextEntry = (zip: yauzl.ZipFile) =>
  new Promise<yauzl.Entry | undefined>((resolve, reject) => {
    const onEntry = (entry: yauzl.Entry) => {
      done()
      resolve(entry)
    }
    const onEnd = () => {
      done()
      resolve(undefined)
    }
    const onError = (error: Error) => {
      done()
      reject(error)
    }
    const done = () => {
      zip.off("entry", onEntry)
      zip.off("end", onEnd)
      zip.off("error", onError)
    }
    zip.on("entry", onEntry)
    zip.on("end", onEnd)
    zip.on("error", onError)
    zip.readEntry()
  })

const textOf = async (stream: NodeJS.ReadableStream) => {
  const chunks: Array<Buffer> = []
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk)
  return Buffer.concat(chunks).toString("utf8")
}

async function* zipFiles(path: string): AsyncGenerator<RecordFile> {
  const zip = await openZip(path)
  try {
    for (let entry = await nextEntry(zip); entry !== undefined; entry = await nextEntry(zip)) {
      if (!entry.fileName.endsWith(".json")) continue
      yield { name: entry.fileName, text: await textOf(await zip.openReadStreamPromise(entry)) }
    }
  } finally {
    zip.close()
  }
}

async function* folderFiles(path: string): AsyncGenerator<RecordFile> {
  const names = (await readdir(path, { recursive: true })).filter((name) => name.endsWith(".json")).sort()
  for (const name of names) yield { name, text: await readFile(join(path, name), "utf8") }
}

async function* recordFiles(path: string): AsyncGenerator<RecordFile> {
  const info = await stat(path)
  if (info.isDirectory()) yield* folderFiles(path)
  else if (path.endsWith(".zip")) yield* zipFiles(path)
  else yield { name: path, text: await textOf(createReadStream(path)) }
}

/** Each record of the export, or the file that could not be parsed (named, with why). */
export type ReadRecord =
  | { readonly _tag: "Record"; readonly record: unknown; readonly bytes: number }
  | { readonly _tag: "Unparsable"; readonly name: string; readonly reason: string }

export const advisoryRecords = (path: string): Stream.Stream<ReadRecord, UnreadableAdvisories> =>
  Stream.fromAsyncIterable(recordFiles(path), (error) =>
    new UnreadableAdvisories(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`)).pipe(
      Stream.mapConcat((file): ReadonlyArray<ReadRecord> => {
        try {
          const parsed: unknown = JSON.parse(file.text)
          const records = Array.isArray(parsed) ? parsed : [parsed]
          return records.map((record) => ({ _tag: "Record", record, bytes: Math.ceil(file.text.length / records.length) }))
        } catch (error) {
          return [{ _tag: "Unparsable", name: file.name, reason: error instanceof Error ? error.message : String(error) }]
        }
      })
    )

export const isReadable = (path: string) => Effect.tryPromise({ try: () => stat(path), catch: () => new UnreadableAdvisories(`no such file or folder: ${path}`) })
