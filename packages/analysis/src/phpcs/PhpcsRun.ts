import { Duration, Effect } from "effect"
import { type BatchedRequest, type FileBatchLimits, type FileOutcome, runBatched } from "../external/BatchedRun.js"
import { defaultRunLimits } from "../external/ConfinedRun.js"
import { type PhpcsMessage, readReport } from "./PhpcsOutput.js"

/**
 * phpcs run over PHP files of the checkout through BatchedRun: many files a run (its start, loading
 * the ruleset's sniffs, costs some 100 ms; a file then tens of milliseconds, more with a whole
 * standard), a run that fails run again file by file, so that the file phpcs cannot handle costs
 * that file alone and is named, never counted clean.
 */

export type PhpcsLimits = FileBatchLimits

/** A run of 200 files gets ten minutes in 2 GB (a whole standard's sniffs on long files), the whole tree twenty. */
export const defaultPhpcsLimits: PhpcsLimits = { run: { ...defaultRunLimits, timeout: Duration.minutes(10), memoryMegabytes: 2048 }, total: Duration.minutes(20), filesPerRun: 200 }

/** The program, the checkout (the working folder, which `files` are relative to), its fences, the options before the files (`--report=json`, `--standard=…`). */
export type PhpcsRequest = Pick<BatchedRequest<unknown>, "program" | "root" | "fences" | "options" | "files"> & { readonly limits: PhpcsLimits }

// phpcs has no `--` to end its options: a file named `-x.php` is given as `./-x.php`, which it reads
// as the same file and reports (against `--basepath`) by its path in the tree.
const given = (file: string): string => `./${file}`

/** Each file's messages (by its path in the tree), or why it has none. */
export const runPhpcs = (request: PhpcsRequest): Effect.Effect<ReadonlyMap<string, FileOutcome<ReadonlyArray<PhpcsMessage>>>> =>
  runBatched({
    ...request,
    name: "phpcs",
    files: request.files.map(given),
    maxFiles: request.limits.filesPerRun,
    read: (files, output) => readReport(files.map((file) => file.slice(2)), output)
  }).pipe(Effect.map((outcomes) => new Map([...outcomes].map(([file, outcome]) => [file.startsWith("./") ? file.slice(2) : file, outcome]))))
