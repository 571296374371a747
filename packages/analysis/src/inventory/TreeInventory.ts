import type { FileSystem, Path } from "@effect/platform"
import { Dependency } from "@tidemark/core"
import { Effect, Either } from "effect"
import { readSourceTree, type TreeReadError } from "../SourceTree.js"
import { isLockfile, readLockfile } from "./Lockfiles.js"

/** The manifests beside a lockfile that say what the project asks for itself. */
const manifests: ReadonlySet<string> = new Set(["package.json", "composer.json", "Cargo.toml", "Pipfile", "pyproject.toml"])

const nameOf = (path: string) => path.slice(path.lastIndexOf("/") + 1)
const folderOf = (path: string) => path.slice(0, path.lastIndexOf("/") + 1)

/** Lockfiles are data, and large ones are common (a monorepo's package-lock.json): read up to this size. */
export const maxLockfileBytes = 64 * 1024 * 1024

/** A repository's dependencies, and the lockfiles that could not be read (each with why). */
export interface TreeInventory {
  readonly dependencies: ReadonlyArray<Dependency.Dependency>
  readonly unreadable: ReadonlyArray<{ readonly path: string; readonly reason: string }>
}

/**
 * The dependencies the checkout's lockfiles pin, read as data: lockfiles outside installed and
 * vendored folders (never entered), of the paths the analysis covers (`analysed`: the default
 * ignores and the repository's exclusions), each with the manifest beside it.
 */
export const readInventory = (
  root: string,
  analysed: (path: string) => boolean
): Effect.Effect<TreeInventory, TreeReadError, FileSystem.FileSystem | Path.Path> =>
  Effect.map(
    readSourceTree(root, { ignore: [], maxFileBytes: maxLockfileBytes, only: (path) => isLockfile(path) || manifests.has(nameOf(path)) }),
    (files) => {
      const byPath = new Map(files.map((file) => [file.path, file.content]))
      const dependencies: Array<Dependency.Dependency> = []
      const unreadable: Array<{ readonly path: string; readonly reason: string }> = []
      for (const file of files) {
        if (!isLockfile(file.path) || !analysed(file.path)) continue
        const read = readLockfile(file.path, file.content, (name) => byPath.get(`${folderOf(file.path)}${name}`))
        if (read === undefined) continue
        if (Either.isLeft(read)) {
          unreadable.push({ path: file.path, reason: read.left })
          continue
        }
        for (const entry of read.right) {
          dependencies.push(Dependency.Dependency.make({
            purl: entry.purl,
            ecosystem: entry.type,
            name: entry.name,
            version: entry.version,
            direct: entry.direct,
            ...(entry.licence === undefined ? {} : { licence: entry.licence }),
            path: file.path
          }))
        }
      }
      return { dependencies, unreadable }
    }
  )
