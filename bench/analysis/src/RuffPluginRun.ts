import type { FileSystem, Path } from "@effect/platform"
import { enabledRulesOf, makeRuffTool, readSourceTree } from "@tidemark/analysis"
import { catalogue } from "@tidemark/catalogue"
import type { Analyzer } from "@tidemark/core"
import { Effect } from "effect"
import { ruffUuid } from "./RuffDefaults.js"

/**
 * Ruff's step of the analysis by itself: the plug-in's run (`AnalysisTool.start`, then its end) over
 * the tree's files, as the analyzer starts it for a repository at its defaults, without the per-file
 * cache (the analysis writes each file's messages to it; here nothing is kept). Timed from the start
 * to the end; the files are read before.
 */
export const ruffPluginRun = (
  root: string,
  tool: Analyzer.AnalyzedTool
): Effect.Effect<{ readonly ms: number; readonly issues: number; readonly linted: number }, unknown, FileSystem.FileSystem | Path.Path> =>
  Effect.gen(function*() {
    const definition = catalogue.find((t) => t.uuid === ruffUuid)
    if (definition === undefined) return yield* Effect.dieMessage(`the catalogue has no tool ${ruffUuid}`)
    const plugin = makeRuffTool(definition)
    const files = yield* readSourceTree(root)
    const rules = enabledRulesOf(tool, plugin.ruleIdOf)
    const start = performance.now()
    const finished = yield* plugin.start(root, files, {
      rules,
      useConfigurationFile: tool.usesConfigurationFile,
      configurationByDefault: tool.usesConfigurationFileByDefault === true
    })
    const run = yield* finished
    return { ms: performance.now() - start, issues: run.result.issues.length, linted: run.result.lintedFiles }
  })
