import { shellCheckOptionalChecks } from "@tidemark/catalogue/ToolHeads"
import type { ToolDefinitions } from "@tidemark/core"
import { Effect, Either, Fiber, Schema } from "effect"
import { type FileMessages, keptOutcomes, lintedFilesOf, splitByCache } from "../CachedLint.js"
import { treeDigest } from "../CacheKey.js"
import type { EnabledRule } from "../EnabledRule.js"
import { childFencesReading } from "../external/ChildFences.js"
import { CachedMessage } from "../LintCache.js"
import { type LintedFile, type PatternOf, ruleAndLevelOf, ruleAtLevel, summaryOf } from "../LintedFile.js"
import { LintResult } from "../LintResult.js"
import type { SourceFile } from "../SourceTree.js"
import { type AnalysisTool, ToolFailed, ToolProblem, type ToolRun, type ToolSettings, ruleIdWithout } from "../tools/AnalysisTool.js"
import { shellCheckLintKey } from "./ShellCheckKey.js"
import { type ShellCheckComment, ShellCheckLevel, severityOfLevel } from "./ShellCheckOutput.js"
import { availabilityOf } from "../external/ProgramOnPath.js"
import { installHint, type ShellCheckProgram, shellCheckOnPath } from "./ShellCheckProgram.js"
import { isDisabled, rcFor, rcName, readShellCheckRc, type CodeRange, type ShellCheckRc } from "./ShellCheckRc.js"
import { defaultShellCheckLimits, type ShellCheckLimits, runShellCheck } from "./ShellCheckRun.js"
import { maySource, shellFlagOf, takesShell } from "./ShellScripts.js"
import { handsVariablesToSystem, unusedVariableCode } from "./SystemSourced.js"

/**
 * The ShellCheck plug-in: shell scripts checked by the `shellcheck` installed on this server, run
 * behind the external analysers' fences (ChildFences, ConfinedRun) over the checkout, with the
 * enabled patterns (`--include`) or with the repository's own `.shellcheckrc`, read as data
 * (ShellCheckRc). Without ShellCheck on the search path the plug-in still exists: it says it is not
 * installed (`availability`), and the analysis says the shell scripts were not analysed.
 *
 * A message's rule id holds ShellCheck's code and level (`SC2086:info`): the level is the issue's
 * severity (error, warning, info, style → Error, Warning, Info, Info), and it is cached with the
 * message.
 */

export interface ShellCheckToolOptions {
  /** Where `shellcheck` is looked for: the service's PATH when absent. */
  readonly searchPath?: string | undefined
  readonly limits?: ShellCheckLimits | undefined
}

/** How one group of scripts is run: the options, and the codes a `.shellcheckrc` disables. */
interface Plan {
  readonly options: ReadonlyArray<string>
  readonly disabled: ReadonlyArray<CodeRange>
  /** The enabled patterns, not a repository's `.shellcheckrc`: what the defaults leave out is left out. */
  readonly defaults: boolean
}

const isLevel = Schema.is(ShellCheckLevel)

const ruleIdOfComment = (comment: ShellCheckComment): string => ruleAtLevel(`SC${comment.code}`, comment.level)

const patternOf = (prefix: string, rules: ReadonlyArray<EnabledRule>, configured: boolean): PatternOf => {
  const enabled = new Set(rules.map((rule) => rule.ruleId))
  return (ruleId) => {
    const { level, rule: code } = ruleAndLevelOf(ruleId)
    if (!configured && !enabled.has(code)) return undefined
    return { patternId: `${prefix}${code}`, severity: isLevel(level) ? severityOfLevel[level] : "Warning" }
  }
}

const messagesOf = (file: SourceFile, comments: ReadonlyArray<ShellCheckComment>, plan: Plan): ReadonlyArray<CachedMessage> => {
  const handsOver = plan.defaults && comments.some((comment) => comment.code === unusedVariableCode) && handsVariablesToSystem(file.content)
  return [...comments]
    .filter((comment) => !isDisabled(plan.disabled, comment.code) && !(handsOver && comment.code === unusedVariableCode))
    .sort((a, b) => a.line - b.line || a.column - b.column)
    .map((comment) => new CachedMessage({ ruleId: ruleIdOfComment(comment), line: comment.line, message: comment.message }))
}

const run = (definition: ToolDefinitions.ToolDefinition, options: ShellCheckToolOptions, root: string, files: ReadonlyArray<SourceFile>, settings: ToolSettings) =>
  Effect.gen(function*() {
    const tool = definition.name
    const program = yield* shellCheckOnPath(options.searchPath)
    if (program._tag === "MissingProgram") return yield* new ToolFailed({ tool, reason: `${program.reason}: ${installHint}` })
    const scripts = files.filter(takesShell)
    const rootRc = files.find((file) => file.path === rcName)
    const problems: Array<ToolProblem> = []
    if (settings.useConfigurationFile && rootRc === undefined) {
      problems.push(new ToolProblem({ tool, code: "configuration_not_found", message: `no ${rcName} at the repository's root: the enabled patterns apply` }))
    }
    // ShellCheck's configuration is data: a repository that never chose follows it. Without one at
    // the root the patterns apply to the whole tree (a nested one is the repository's choice only under its own).
    const followed = (settings.useConfigurationFile || settings.configurationByDefault) && rootRc !== undefined
    const rcs = new Map<string, ShellCheckRc>()
    if (followed) {
      for (const file of files.filter((f) => f.path === rcName || f.path.endsWith(`/${rcName}`))) {
        const rc = readShellCheckRc(file, new Set(program.optionalChecks))
        rcs.set(file.path, rc)
        if (rc.problems.length > 0) {
          problems.push(new ToolProblem({ tool, code: "unsupported_configuration", file: rc.file, message: `${rc.file}: ${rc.problems.join("; ")}` }))
        }
      }
    }
    const planOf = planner(program, settings.rules, followed ? rcs : undefined)
    const linted = yield* lintScripts(program, root, scripts, planOf, options.limits ?? defaultShellCheckLimits)
    const summary = summaryOf(linted, patternOf(definition.patternPrefix, settings.rules, followed))
    const result = new LintResult({ ...summary, skippedRules: [], ...(followed && rootRc !== undefined ? { configurationFile: rootRc.path } : {}) })
    return { result, problems } satisfies ToolRun
  })

/** The plan of each script: the enabled patterns, or the closest `.shellcheckrc` (ShellCheck's defaults under none). */
const planner = (program: ShellCheckProgram, rules: ReadonlyArray<EnabledRule>, rcs: ReadonlyMap<string, ShellCheckRc> | undefined) => {
  // The optional checks of the enabled patterns only: each costs memory on a long script (nvm.sh
  // needs 2.8 GB with none, 3.3 GB with all), and `check-unassigned-uppercase`, which has no code
  // of its own, would widen SC2154 to every upper-case name, the environment's included.
  const codes = new Set(rules.map((rule) => rule.ruleId))
  const optional = program.optionalChecks.filter((name) => (shellCheckOptionalChecks.get(name) ?? []).some((code) => codes.has(code)))
  const base = ["--format=json1", "--norc"]
  return (file: SourceFile): Plan | undefined => {
    if (rcs === undefined) {
      // No pattern enabled: nothing to check for.
      if (rules.length === 0) return undefined
      const shell = shellFlagOf(file)
      return {
        options: [
          ...base,
          `--include=${rules.map((rule) => rule.ruleId).join(",")}`,
          ...(optional.length === 0 ? [] : [`--enable=${optional.join(",")}`]),
          ...(shell === undefined ? [] : [`--shell=${shell}`])
        ],
        disabled: [],
        defaults: true
      }
    }
    const rc = rcFor(rcs, file.path)
    const shell = rc?.shell ?? shellFlagOf(file)
    return {
      options: [
        ...base,
        ...(rc === undefined || rc.enabled.length === 0 ? [] : [`--enable=${rc.enabled.join(",")}`]),
        ...(rc?.sourcePaths ?? []).map((path) => `--source-path=${path}`),
        ...(shell === undefined ? [] : [`--shell=${shell}`])
      ],
      disabled: rc?.disabled ?? [],
      defaults: false
    }
  }
}

/**
 * The scripts linted, those of one plan together (ShellCheck follows a `source` among the files of
 * one run): through the per-file cache when the context has one. A script that may source another
 * is keyed on every script of its run too, and when one of them must run, they all do.
 */
const lintScripts = (
  program: ShellCheckProgram,
  root: string,
  scripts: ReadonlyArray<SourceFile>,
  planOf: (file: SourceFile) => Plan | undefined,
  limits: ShellCheckLimits
): Effect.Effect<ReadonlyArray<LintedFile>> =>
  Effect.gen(function*() {
    const groups = new Map<string, { readonly plan: Plan; readonly files: Array<SourceFile> }>()
    const outcomes = new Map<string, FileMessages>()
    for (const file of scripts) {
      const plan = planOf(file)
      if (plan === undefined) {
        outcomes.set(file.path, Either.right([]))
        continue
      }
      const key = JSON.stringify(plan)
      const group = groups.get(key) ?? { plan, files: [] }
      group.files.push(file)
      groups.set(key, group)
    }
    const fences = childFencesReading(program.path, root)
    for (const [planKey, { files, plan }] of groups) {
      const digest = treeDigest(files)
      const keyOf = (file: SourceFile) => shellCheckLintKey(program.version, planKey, file.path, file.content, maySource(file) ? digest : "")
      const split = yield* splitByCache(files, keyOf)
      for (const [path, outcome] of split.outcomes) outcomes.set(path, outcome)
      if (split.missing.length === 0) continue
      const inputs = split.missing.some(maySource) ? files : split.missing
      const ran = yield* runShellCheck({ program: program.path, root, fences, limits, options: plan.options, files: inputs.map((file) => file.path) })
      const fresh = yield* keptOutcomes("ShellCheck", inputs, ran, (file, found) => messagesOf(file, found, plan), keyOf)
      for (const [path, outcome] of fresh) outcomes.set(path, outcome)
    }
    return lintedFilesOf(scripts, outcomes)
  })

export const makeShellCheckTool = (definition: ToolDefinitions.ToolDefinition, options: ShellCheckToolOptions = {}): AnalysisTool => ({
  definition,
  languages: ["Bourne Shell"],
  availability: availabilityOf(shellCheckOnPath(options.searchPath), installHint),
  takes: takesShell,
  ruleIdOf: ruleIdWithout(definition.patternPrefix),
  configurationOf: (files) => {
    const rc = files.find((file) => file.path === rcName)
    // ShellCheck's own key=value format: read as data, never run.
    return rc === undefined ? undefined : { file: rc.path, readable: true }
  },
  start: (root, files, settings) => Effect.map(Effect.fork(run(definition, options, root, files, settings)), Fiber.join)
})
