import fs from "node:fs"
import { syncBuiltinESMExports } from "node:module"
import { resolve } from "node:path"
import traceEvents from "node:trace_events"
import v8 from "node:v8"

/**
 * What Node 20's permission model leaves open to the sandboxed linting process, closed before the
 * repository's config loads (a second fence: SandboxLauncher keeps the service's processes out of
 * reach of a signal whatever the child does):
 * - `process.kill` (and the binding behind it, `process._kill`): the model does not cover signals;
 * - `fs.realpath*`: it answered whether a path outside the sandbox exists;
 * - `trace_events`, heap snapshots and diagnostic reports: they write files past the model.
 */

export class ProcessDenied extends Error {
  readonly code = "ERR_ACCESS_DENIED"
  constructor(readonly permission: string, readonly resource: string) {
    super(`${resource} is not allowed in the sandbox`)
  }
}

const sealWith = (target: object, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, writable: false, configurable: false })

const refuse = (permission: string, resource: string) => (): never => {
  throw new ProcessDenied(permission, resource)
}

type Realpath = (path: fs.PathLike, ...rest: Array<unknown>) => unknown

/** A realpath that answers only for paths the process may read; any other is refused as a read of it would be. */
const readableOnly = (original: Realpath, name: string): Realpath => {
  const guarded: Realpath = (path, ...rest) => {
    const asked = resolve(String(path))
    if (!process.permission.has("fs.read", asked)) throw new ProcessDenied("FileSystemRead", `${name} (${asked})`)
    return original(path, ...rest)
  }
  return guarded
}

const guardRealpath = () => {
  const sync = fs.realpathSync
  const nativeSync = fs.realpathSync.native
  const callback = fs.realpath
  const nativeCallback = fs.realpath.native
  const guardedSync = Object.assign(readableOnly(sync as Realpath, "fs.realpathSync"), {
    native: readableOnly(nativeSync as Realpath, "fs.realpathSync.native")
  })
  const guardedCallback = Object.assign(readableOnly(callback as Realpath, "fs.realpath"), {
    native: readableOnly(nativeCallback as Realpath, "fs.realpath.native")
  })
  sealWith(fs, "realpathSync", guardedSync)
  sealWith(fs, "realpath", guardedCallback)
  sealWith(fs.promises, "realpath", readableOnly(fs.promises.realpath as Realpath, "fs.promises.realpath"))
}

export const guardProcess = (): void => {
  sealWith(process, "kill", refuse("Signal", "process.kill"))
  sealWith(process, "_kill", refuse("Signal", "process._kill"))
  guardRealpath()
  sealWith(traceEvents, "createTracing", refuse("FileSystemWrite", "trace_events.createTracing"))
  sealWith(v8, "writeHeapSnapshot", refuse("FileSystemWrite", "v8.writeHeapSnapshot"))
  sealWith(v8, "setHeapSnapshotNearHeapLimit", refuse("FileSystemWrite", "v8.setHeapSnapshotNearHeapLimit"))
  if (process.report !== undefined) sealWith(process.report, "writeReport", refuse("FileSystemWrite", "process.report.writeReport"))
  // `import { realpathSync } from "node:fs"` reads the ES module's copies of the exports: bring them up to date.
  syncBuiltinESMExports()
}
