import { Context } from "effect"
import type { FileClock } from "./FileClock.js"

/**
 * Where the analysis says which file each tool is working on. A tool's work on one file is
 * synchronous and cannot be interrupted from inside: in an analysis thread, the watch writes to a
 * FileClock that the service's own thread reads, so that a file holding a tool past the time limit
 * can be named, the thread replaced, and the file skipped for that tool. Elsewhere it does nothing.
 */
export class FileWatch extends Context.Reference<FileWatch>()("@tidemark/analysis/FileWatch", {
  defaultValue: (): FileWatchService => ({ during: (_tool, _path, work) => work(), duringAsync: (_tool, _path, work) => work() })
}) {}

export interface FileWatchService {
  readonly during: <A>(tool: string, path: string, work: () => A) => A
  /**
   * A tool whose work on a file is a promise (Stylelint): on the clock from its start until it
   * settles. The clock holds one file: work of another tool that runs while this one waits takes
   * it, and this file is then off the clock for the rest of its time.
   */
  readonly duringAsync: <A>(tool: string, path: string, work: () => Promise<A>) => Promise<A>
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
  },
  duringAsync: async (tool, path, work) => {
    clock.begin(tool, path)
    try {
      return await work()
    } finally {
      clock.end()
    }
  }
})
