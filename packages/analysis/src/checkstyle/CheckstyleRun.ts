import { Duration, Effect } from "effect"
import { type FileBatchLimits, type FileOutcome, runBatched } from "../external/BatchedRun.js"
import type { ChildFences } from "../external/ChildFences.js"
import { defaultRunLimits } from "../external/ConfinedRun.js"
import { type CheckstyleFinding, readReport } from "./CheckstyleOutput.js"
import { checkstyleEnvironment, checkstyleMemoryMegabytes } from "./CheckstyleProgram.js"

/**
 * Checkstyle run over Java files of the checkout through BatchedRun: many files a run (the JVM's
 * start costs a second; a file then some milliseconds), a run that fails run again file by file,
 * so that the file Checkstyle cannot handle costs that file alone and is named, never clean.
 */

export type CheckstyleLimits = FileBatchLimits

/**
 * Checkstyle reads commons-lang's 626 sources (203 000 lines) in about a minute of one core with
 * the default checks: a run of 200 files gets five minutes, the whole tree twenty.
 */
export const defaultCheckstyleLimits: CheckstyleLimits = {
  run: { ...defaultRunLimits, timeout: Duration.minutes(5), memoryMegabytes: checkstyleMemoryMegabytes },
  total: Duration.minutes(20),
  filesPerRun: 200
}

export interface CheckstyleRequest {
  readonly program: string
  /** The checkout: the working folder, which `files` are relative to. */
  readonly root: string
  readonly fences: ChildFences
  readonly limits: CheckstyleLimits
  /** The configuration Tidemark wrote, by absolute path. */
  readonly configuration: string
  /** A module's `id` → its check, as the configuration gives them. */
  readonly ids: Readonly<Record<string, string>>
  readonly files: ReadonlyArray<string>
}

/** A path Checkstyle would read as an option (`-x.java`) goes as `./-x.java`; it reports the file by its absolute path either way. */
const argumentOf = (path: string): string => (path.startsWith("-") ? `./${path}` : path)

/** Each file's findings (by its path in the tree), or why it has none. */
export const runCheckstyle = (request: CheckstyleRequest): Effect.Effect<ReadonlyMap<string, FileOutcome<ReadonlyArray<CheckstyleFinding>>>> => {
  const pathOf = new Map(request.files.map((file) => [argumentOf(file), file]))
  return runBatched({
    name: "Checkstyle",
    program: request.program,
    root: request.root,
    fences: request.fences,
    limits: request.limits,
    options: ["-c", request.configuration, "-f", "xml"],
    files: [...pathOf.keys()],
    maxFiles: request.limits.filesPerRun,
    environment: checkstyleEnvironment,
    read: readReport(request.root, request.ids)
  }).pipe(Effect.map((outcomes) => new Map([...outcomes].map(([argument, outcome]) => [pathOf.get(argument) ?? argument, outcome]))))
}
