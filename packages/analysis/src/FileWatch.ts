import { Context } from "effect"
import type { FileClock } from "./FileClock.js"

/**
 * Where the analysis says which file each tool is working on. A tool's work on one file is
 * synchronous and cannot be interrupted from inside: in an analysis thread, the watch writes to a
 * FileClock that the service's own thread reads, so that a file holding a tool past the time limit
 * can be named, the thread replaced, and the file skipped for that tool. Elsewhere it does nothing.
 */
export class FileWatch extends Context.Reference<FileWatch>()("@tidemark/analysis/FileWatch", {
  defaultValue: (): FileWatchService => ({ during: (_tool, _path, work) => work() })
}) {}

export interface FileWatchService {
  readonly during: <A>(tool: string, path: string, work: () => A) => A
}

/** The watch of an analysis thread: each tool's work on a file is on the clock while it lasts. */
export const fileWatchOn = (clock: FileClock): FileWatchService => ({
  during: (tool, path, work) => {
    clock.begin(tool, path)
    try {
      return work()
    } finally {
      clock.end()
    }
  }
})
