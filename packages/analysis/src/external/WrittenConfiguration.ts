import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"

/**
 * A configuration Tidemark wrote for an external analyser (yamllint's, phpcs's ruleset), in a
 * folder of this process's temporary files, readable by the user the fences switch to; the folder
 * is removed when the scope closes. Never in the checkout: the analyser reads no file of the
 * repository as its configuration.
 */
export const writtenConfiguration = (name: string, text: string) =>
  Effect.acquireRelease(
    Effect.promise(async () => {
      const folder = await mkdtemp(join(tmpdir(), "tidemark-config-"))
      await chmod(folder, 0o755)
      const path = join(folder, name)
      await writeFile(path, text)
      await chmod(path, 0o644)
      return { folder, path }
    }),
    (written) => Effect.promise(() => rm(written.folder, { recursive: true, force: true }))
  )
