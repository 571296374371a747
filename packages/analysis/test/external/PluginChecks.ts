import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { LintCache } from "../../src/LintCache.js"
import type { LintResult } from "../../src/LintResult.js"
import * as MemoryAnalysisCache from "../../src/MemoryAnalysisCache.js"
import type { SourceFile } from "../../src/SourceTree.js"
import type { AnalysisTool, ToolFailed, ToolRun } from "../../src/tools/AnalysisTool.js"

/**
 * What every external analyser's plug-in must do, checked the same way for each: lint a file once
 * through the per-file cache, and say it is not installed where its program is missing.
 */

const issuesOf = (result: LintResult) => result.issues.map((issue) => [issue.file, issue.line, issue.patternId, issue.severity])

/**
 * Lints the checkout twice with a cache: the second run answers from it (the file changed on disk,
 * not in the tree read), and a file whose content changes in the tree is linted again (`emptied`:
 * content with no issue).
 */
export const lintsOnceThroughCache = (
  lint: (files: ReadonlyArray<SourceFile>) => Effect.Effect<ToolRun, ToolFailed, LintCache>,
  checkout: { readonly root: string; readonly files: ReadonlyArray<SourceFile> },
  path: string,
  emptied: string
) =>
  Effect.gen(function*() {
    const cache = yield* MemoryAnalysisCache.makeLint
    const cached = (files: ReadonlyArray<SourceFile>) => Effect.map(lint(files).pipe(Effect.provideService(LintCache, cache)), (run) => issuesOf(run.result))
    const first = yield* cached(checkout.files)
    writeFileSync(join(checkout.root, path), emptied)
    expect(yield* cached(checkout.files)).toEqual(first)
    const changed = checkout.files.map((file) => (file.path === path ? { ...file, content: emptied } : file))
    expect(yield* cached(changed)).toEqual(first.filter(([file]) => file !== path))
  })

/** The plug-in without its program: not installed (why, and how to install it), and a run fails, never clean; with it, installed at `version`. */
export const missingProgramIsNamed = (
  absent: AnalysisTool,
  present: AnalysisTool,
  failedRun: Effect.Effect<ToolRun, ToolFailed>,
  expected: { readonly reason: string; readonly install: string; readonly version: string }
) =>
  Effect.gen(function*() {
    expect(yield* absent.availability ?? Effect.die("no availability")).toEqual({ _tag: "NotInstalled", reason: expected.reason, install: expected.install })
    const failed = yield* Effect.flip(failedRun)
    expect(failed).toMatchObject({ _tag: "ToolFailed", tool: absent.definition.name })
    expect(failed.reason).toContain(expected.install)
    expect(yield* present.availability ?? Effect.die("no availability")).toEqual({ _tag: "Installed", version: expected.version })
  })
