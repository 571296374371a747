import { FileSystem, Path } from "@effect/platform"
import { Effect } from "effect"
import { fileURLToPath } from "node:url"

const fixture = fileURLToPath(new URL("./fixtures/tree/", import.meta.url))

/** A small JavaScript function with some branches (complexity 4, 8 code lines), to copy into trees. */
export const priceCode = [
  "export const price = (items) => {",
  "  let total = 0",
  "  for (const item of items) {",
  "    if (item.discount) total += item.price * (1 - item.discount)",
  "    else total += item.price",
  "  }",
  "  return total > 100 ? total * 0.95 : total",
  "}",
  ""
].join("\n")

/** Writes a file under `root`, making its directories. */
export const writeTreeFile = (root: string, relative: string, content: string | Uint8Array) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    yield* fs.makeDirectory(path.dirname(path.join(root, relative)), { recursive: true })
    yield* typeof content === "string"
      ? fs.writeFileString(path.join(root, relative), content)
      : fs.writeFile(path.join(root, relative), content)
  })

/** A scoped temporary directory holding exactly `files` (path relative to the root → content). */
export const treeOf = (files: Readonly<Record<string, string>>) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const root = yield* fs.makeTempDirectoryScoped({ prefix: "tidemark-tree-" })
    yield* Effect.forEach(Object.entries(files), ([relative, content]) => writeTreeFile(root, relative, content), { discard: true })
    return root
  })

/**
 * test/fixtures/tree copied into a scoped temporary directory, with what a checkout may hold and
 * the analysis must skip: made here rather than committed, since git would not keep .git or
 * node_modules, and the tests change files of the copy.
 */
export const copyOfTree = Effect.gen(function*() {
  const fs = yield* FileSystem.FileSystem
  const path = yield* Path.Path
  const root = yield* fs.makeTempDirectoryScoped({ prefix: "tidemark-tree-" })
  yield* fs.copy(fixture, root)
  yield* fs.rename(path.join(root, "package.json.fixture"), path.join(root, "package.json"))
  const write = (relative: string, content: string | Uint8Array) => writeTreeFile(root, relative, content)
  const code = "export const skipped = (a) => (a ? 1 : 2)\n"
  yield* write(".git/hooks/pre-commit.js", code)
  yield* write("node_modules/dep/index.js", code)
  yield* write("vendor/lib.js", code)
  yield* write("generated/api.js", code)
  yield* write("src/logo.js", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x0a]))
  yield* write("src/bundle.js", code.repeat(200))
  yield* fs.symlink(path.join(root, "src"), path.join(root, "src/loop"))
  return root
})
