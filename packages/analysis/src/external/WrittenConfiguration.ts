import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"

/**
 * Files Tidemark writes for an external analyser (its configuration, a probe, a folder it may write
 * its log or cache in), in a folder of this process's temporary files the user the fences switch to
 * can read (`mode`), removed when the scope closes. Never in the checkout: the analyser reads no file
 * of the repository as its configuration.
 */
export const scratchFolder = (prefix: string, mode = 0o755) =>
  Effect.acquireRelease(
    Effect.promise(async () => {
      const folder = await mkdtemp(join(tmpdir(), prefix))
      await chmod(folder, mode)
      return folder
    }),
    (folder) => Effect.promise(() => rm(folder, { recursive: true, force: true }))
  )

/** A file of the scratch folder the fences' user may read: its path. */
export const writeReadable = async (folder: string, name: string, text: string): Promise<string> => {
  const path = join(folder, name)
  await writeFile(path, text)
  await chmod(path, 0o644)
  return path
}

/** One configuration written (yamllint's, phpcs's ruleset, Pylint's rcfile): its folder and path. */
export const writtenConfiguration = (name: string, text: string) =>
  Effect.flatMap(scratchFolder("tidemark-config-"), (folder) => Effect.promise(async () => ({ folder, path: await writeReadable(folder, name, text) })))
