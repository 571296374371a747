import { accessSync, constants, statSync } from "node:fs"
import { delimiter, isAbsolute, join } from "node:path"

/**
 * Where a program of that name is on a search path, as `execvp` would find it: a leaf module, so
 * that the sandbox's probes (SandboxLauncher) and the external analysers' lookups (ProgramOnPath)
 * share one search.
 */

export const isExecutableFile = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK)
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/** The first executable file of that name in the search path's folders (relative folders are never searched). */
export const findProgram = (name: string, searchPath: string): string | undefined =>
  searchPath.split(delimiter).filter((folder) => folder !== "" && isAbsolute(folder)).map((folder) => join(folder, name)).find(isExecutableFile)
