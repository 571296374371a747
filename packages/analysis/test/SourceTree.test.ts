import { NodeContext } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { defaultSourceTreeOptions, readSourceTree, type SourceTreeOptions } from "../src/SourceTree.js"

/** A scratch tree of these files (relative path → content), removed with the test's scope. */
const treeOf = (files: Readonly<Record<string, string | Uint8Array>>) =>
  Effect.acquireRelease(
    Effect.sync(() => {
      const root = mkdtempSync(join(tmpdir(), "tidemark-source-tree-"))
      for (const [path, content] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true })
        writeFileSync(join(root, path), content)
      }
      return root
    }),
    (root) => Effect.sync(() => rmSync(root, { recursive: true, force: true }))
  )

const read = (root: string, options: SourceTreeOptions = defaultSourceTreeOptions) =>
  readSourceTree(root, options).pipe(Effect.provide(NodeContext.layer))

const pathsOf = (root: string, options?: SourceTreeOptions) => Effect.map(read(root, options), (files) => files.map((file) => file.path))

describe("readSourceTree", () => {
  it.scoped("reads every text file of the tree, by its path from the root with `/`, sorted", () =>
    Effect.gen(function*() {
      const root = yield* treeOf({ "src/b.ts": "b\n", "src/deep/er/c.go": "package c\n", "a.md": "# a\n", "Z.txt": "z" })
      expect(yield* read(root)).toEqual([
        { path: "Z.txt", content: "z" },
        { path: "a.md", content: "# a\n" },
        { path: "src/b.ts", content: "b\n" },
        { path: "src/deep/er/c.go", content: "package c\n" }
      ])
    }))

  it.scoped("leaves out binary files, files over the size limit, and the folders that are never the team's code", () =>
    Effect.gen(function*() {
      const root = yield* treeOf({
        "logo.png": new Uint8Array([137, 80, 78, 71, 0, 1, 2]),
        "big.json": "x".repeat(2048),
        "small.json": "{}",
        "node_modules/left-pad/index.js": "module.exports = 1\n",
        "lib/vendor/dep.go": "package dep\n",
        ".git/config": "[core]\n",
        "lib/kept.js": "1\n"
      })
      expect(yield* pathsOf(root, { ...defaultSourceTreeOptions, maxFileBytes: 1024 })).toEqual(["lib/kept.js", "small.json"])
    }))

  it.scoped("does not enter an ignored folder, leaves out ignored files, and reads only what `only` passes", () =>
    Effect.gen(function*() {
      const root = yield* treeOf({ "docs/guide.md": "g", "app.min.js": "m", "app.js": "a", "src/x.ts": "x", "src/x.css": "c" })
      expect(yield* pathsOf(root, { ...defaultSourceTreeOptions, ignore: ["docs", "*.min.js"] })).toEqual(["app.js", "src/x.css", "src/x.ts"])
      expect(yield* pathsOf(root, { ...defaultSourceTreeOptions, only: (path) => path.endsWith(".ts") })).toEqual(["src/x.ts"])
    }))

  it.scoped("skips symbolic links, to a file or folder of the tree, out of it, or nowhere; what they point to in the tree is read once", () =>
    Effect.gen(function*() {
      const outside = yield* treeOf({ "secret.txt": "s" })
      const root = yield* treeOf({ "src/real.js": "r" })
      symlinkSync(join(root, "src/real.js"), join(root, "src/alias.js"))
      symlinkSync(join(outside, "secret.txt"), join(root, "secret.txt"))
      symlinkSync("missing.js", join(root, "src/dangling.js"))
      symlinkSync(join(root, "src"), join(root, "src/loop"))
      symlinkSync(outside, join(root, "elsewhere"))
      expect(yield* pathsOf(root)).toEqual(["src/real.js"])
    }))

  it.scoped("reads a tree given by a symbolic link to it, with paths from the root", () =>
    Effect.gen(function*() {
      const target = yield* treeOf({ "src/a.js": "a" })
      const links = yield* treeOf({})
      symlinkSync(target, join(links, "checkout"))
      expect(yield* pathsOf(join(links, "checkout"))).toEqual(["src/a.js"])
    }))

  it.effect("fails with the path when the root cannot be read", () =>
    Effect.gen(function*() {
      const missing = join(tmpdir(), "tidemark-no-such-tree", "x")
      const result = yield* Effect.either(read(missing))
      expect(Either.isLeft(result) && result.left._tag === "TreeReadError" && result.left.path).toBe(missing)
    }))
})
