import type { FileSystem, Path } from "@effect/platform"
import { readSourceTree } from "@tidemark/analysis"
import { Effect } from "effect"
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { join } from "node:path"
// The analysis package's own reading of Ruff's configuration (not part of its public API): the
// anchor is checked with exactly the options our plug-in makes, so only the run differs.
import { isExcluded, patternSettings, surroundingsOf, treeSettings } from "../../../packages/analysis/src/ruff/RuffSettings.js"
import { takesPython } from "../../../packages/analysis/src/PythonFiles.js"
import type { RuffOptions } from "../../../packages/analysis/src/ruff/RuffWasm.js"

/** What this bench uses of `@astral-sh/ruff-wasm-nodejs` (a dependency of the analysis package, not of this one). */
interface RuffWasm {
  readonly Workspace: {
    new(options: unknown, positionEncoding: number): { check(source: string): ReadonlyArray<unknown>; free(): void }
    version(): string
  }
  readonly PositionEncoding: { readonly Utf16: number }
}

// Resolved from the analysis package, so that it is the very module (and file) the plug-in loads.
const requireFromAnalysis = createRequire(new URL("../../../packages/analysis/package.json", import.meta.url))

let module: RuffWasm | undefined

/** The WebAssembly module, and how long its first load took in this process (0 once loaded). */
export const loadRuffWasm = (): { readonly wasm: RuffWasm; readonly ms: number } => {
  if (module !== undefined) return { wasm: module, ms: 0 }
  const start = performance.now()
  const loaded = requireFromAnalysis("@astral-sh/ruff-wasm-nodejs") as RuffWasm
  module = loaded
  return { wasm: loaded, ms: performance.now() - start }
}

/** The files Ruff checks in a tree, each with the options our plug-in checks it with. */
export interface RuffInput {
  readonly root: string
  readonly files: ReadonlyArray<{ readonly path: string; readonly key: string; readonly options: RuffOptions }>
  /** Physical lines of those files. */
  readonly lines: number
}

/**
 * The Python files the plug-in lints (Ruff takes them, no `exclude` leaves them out) and their
 * options: the repository's Ruff configuration when its root has one, else the enabled patterns.
 * Per-file ignores are left out: the plug-in makes one more Workspace for a file they concern.
 */
export const ruffInputOf = (
  root: string,
  codes: ReadonlyArray<string>
): Effect.Effect<RuffInput, unknown, FileSystem.FileSystem | Path.Path> =>
  Effect.map(readSourceTree(root), (sources) => {
    const fallback = patternSettings(codes, surroundingsOf(sources, ""))
    const tree = treeSettings("Ruff", sources, fallback)
    const settingsOf = tree.root === undefined ? () => fallback : tree.settingsOf
    const lintable = sources.filter((file) => takesPython(file) && !isExcluded(settingsOf, file.path))
    return {
      root,
      files: lintable.map((file) => {
        const options = settingsOf(file.path).options
        return { path: file.path, key: JSON.stringify(options), options }
      }),
      lines: lintable.reduce((sum, file) => sum + file.content.split("\n").length, 0)
    }
  })

export interface StandaloneRun {
  readonly ms: number
  /** Each file's `check`, in milliseconds. */
  readonly checkMs: ReadonlyArray<{ readonly path: string; readonly ms: number }>
  readonly diagnostics: number
}

/**
 * Ruff's WebAssembly build called directly, as a script would: one Workspace per set of options
 * (one for a tree with one configuration), then each file read from disk and checked. Timed as a
 * whole: the Workspaces, the reads and the checks.
 */
export const ruffStandalone = (input: RuffInput): StandaloneRun => {
  const { wasm } = loadRuffWasm()
  const start = performance.now()
  const workspaces = new Map<string, InstanceType<RuffWasm["Workspace"]>>()
  const checkMs: Array<{ readonly path: string; readonly ms: number }> = []
  let diagnostics = 0
  for (const file of input.files) {
    let workspace = workspaces.get(file.key)
    if (workspace === undefined) {
      workspace = new wasm.Workspace(file.options, wasm.PositionEncoding.Utf16)
      workspaces.set(file.key, workspace)
    }
    const content = readFileSync(join(input.root, file.path), "utf8")
    const checkStart = performance.now()
    diagnostics += workspace.check(content).length
    checkMs.push({ path: file.path, ms: performance.now() - checkStart })
  }
  const ms = performance.now() - start
  for (const workspace of workspaces.values()) workspace.free()
  return { ms, checkMs, diagnostics }
}
