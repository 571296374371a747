import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import type { SourceFile } from "../../src/SourceTree.js"

/**
 * A checkout on disk (an external analyser reads the files itself): path → content, in a folder
 * the unprivileged user the run switches to may read. Returns its root and its files as the
 * analysis reads them.
 */
export const checkoutOf = (files: Readonly<Record<string, string>>): { readonly root: string; readonly files: ReadonlyArray<SourceFile> } => {
  const root = mkdtempSync(join(tmpdir(), "tidemark-checkout-"))
  chmodSync(root, 0o755)
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true, mode: 0o755 })
    writeFileSync(join(root, path), content, { mode: 0o644 })
  }
  const sorted = Object.entries(files).map(([path, content]) => ({ path, content })).sort((a, b) => (a.path < b.path ? -1 : 1))
  return { root, files: sorted }
}
