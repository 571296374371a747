import { Option } from "effect"
import type { CataloguePattern, ToolDefinition } from "./ToolDefinitions.js"
import { ParameterValue, StandardRef } from "./Common.js"
import { ConfiguredPattern } from "./Pattern.js"
import type { AppliedStandard, PatternSetting, RepositoryRecord, StandardPattern, StandardTool, ToolSetting } from "./Records.js"
import { Tool, ToolSettings } from "./Tool.js"

/**
 * How a repository's tools and patterns are configured, from (in order of precedence) the coding
 * standards applied to it, its own settings, and the catalogue's defaults.
 *
 * A standard that lists a tool governs it entirely: the tool's state and all its patterns come
 * from the standards (a pattern no governing standard lists is disabled), so that applying a
 * standard gives every repository the same analysis. Where two standards set the same thing, the
 * most recently applied one wins. `enabledBy` lists the standards enabling what is enabled (empty
 * when the winning standard disables it).
 */

interface Governing {
  readonly applied: AppliedStandard
  readonly tool: StandardTool
}

const refOf = (a: AppliedStandard) => new StandardRef({ id: a.standard.id, name: a.standard.name }, true)

/** Standards that list the tool, oldest application first. */
export const governingStandards = (
  tool: ToolDefinition,
  applied: ReadonlyArray<AppliedStandard>
): ReadonlyArray<Governing> =>
  [...applied]
    .sort((a, b) => a.sequence - b.sequence)
    .flatMap((a) => a.standard.tools.filter((t) => t.uuid === tool.uuid).map((t) => ({ applied: a, tool: t })))

export const hasConfigurationFile = (tool: ToolDefinition, repository: RepositoryRecord): boolean =>
  tool.configurationFiles.some((file) => repository.rootFiles.includes(file))

/**
 * Whether a tool follows the repository's own configuration when the repository never chose: when
 * its root has a file the tool reads as data (`.eslintrc.yml`, `ruff.toml`), never one that is code.
 * The analysis decides the same from the files' content too (`package.json`'s `eslintConfig`, a
 * `pyproject.toml` with `[tool.ruff]`), which a root listing cannot show.
 */
export const readsConfigurationByDefault = (tool: ToolDefinition, repository: RepositoryRecord): boolean =>
  (tool.readableConfigurationFiles ?? []).some((file) => repository.rootFiles.includes(file))

/** The tools (by uuid) whose own configuration the default branch's latest analysis followed. */
export type FollowedConfigurations = ReadonlySet<string>

export const noneFollowed: FollowedConfigurations = new Set()

/** A tool is on by default when the catalogue says so and the repository uses one of its languages. */
export const enabledByDefault = (tool: ToolDefinition, repository: RepositoryRecord): boolean =>
  tool.enabledByDefault && tool.languages.some((l) => repository.languages.includes(l))

export interface EffectiveTool {
  readonly definition: ToolDefinition
  readonly view: Tool
  readonly governing: ReadonlyArray<Governing>
  /** The repository chose whether the tool uses its configuration file (else the default applies). */
  readonly configurationFileChosen: boolean
}

export const effectiveTool = (
  tool: ToolDefinition,
  repository: RepositoryRecord,
  setting: Option.Option<ToolSetting>,
  applied: ReadonlyArray<AppliedStandard>,
  followed: FollowedConfigurations = noneFollowed
): EffectiveTool => {
  const governing = governingStandards(tool, applied)
  const latest = governing[governing.length - 1]
  const own = Option.flatMap(setting, (s) => Option.fromNullable(s.enabled))
  const usesFile = Option.flatMap(setting, (s) => Option.fromNullable(s.usesConfigurationFile))
  const isEnabled = latest !== undefined
    ? latest.tool.enabled
    : Option.getOrElse(own, () => enabledByDefault(tool, repository))
  const view = new Tool({
    uuid: tool.uuid,
    name: tool.name,
    isClientSide: tool.isClientSide,
    settings: new ToolSettings({
      name: tool.name,
      isEnabled,
      followsStandard: latest !== undefined,
      isCustom: latest === undefined && Option.isSome(own),
      hasConfigurationFile: hasConfigurationFile(tool, repository) || followed.has(tool.uuid),
      usesConfigurationFile: Option.getOrElse(usesFile, () => readsConfigurationByDefault(tool, repository) || followed.has(tool.uuid)),
      enabledBy: isEnabled ? governing.filter((g) => g.tool.enabled).map((g) => refOf(g.applied)) : []
    }, true)
  }, true)
  return { definition: tool, view, governing, configurationFileChosen: Option.isSome(usesFile) }
}

export interface EffectivePattern {
  readonly pattern: CataloguePattern
  readonly enabled: boolean
  /** True when a standard sets this pattern's state (a repository-level change would be overridden). */
  readonly governed: boolean
  /** The API view, built on first use: a page of 100 out of 2 000 patterns builds 100 views. */
  readonly configured: ConfiguredPattern
}

/** Every parameter the pattern defines, with the configured value where one is set. */
const parametersOf = (pattern: CataloguePattern, values: ReadonlyArray<ParameterValue>) =>
  pattern.definition.parameters.map((p) =>
    new ParameterValue({ name: p.name, value: values.find((v) => v.name === p.name)?.value ?? p.default }, true)
  )

const noStandards = (): ReadonlyArray<StandardRef> => []

/**
 * A class rather than an object literal with a getter: a list builds one per pattern of the tool
 * (2 000 in the benchmark) and shows a page of them, so construction must be cheap and the view lazy.
 */
class Effective implements EffectivePattern {
  #view: ConfiguredPattern | undefined
  constructor(
    readonly pattern: CataloguePattern,
    readonly enabled: boolean,
    readonly governed: boolean,
    private readonly isCustom: boolean,
    private readonly values: ReadonlyArray<ParameterValue>,
    private readonly enabledBy: () => ReadonlyArray<StandardRef>
  ) {}

  get configured(): ConfiguredPattern {
    // Built from data already validated (catalogue, stored settings): no second validation.
    this.#view ??= new ConfiguredPattern({
      patternDefinition: this.pattern.definition,
      enabled: this.enabled,
      isCustom: this.isCustom,
      parameters: parametersOf(this.pattern, this.values),
      enabledBy: this.enabledBy()
    }, true)
    return this.#view
  }
}

/** The effective patterns of the tool, in its catalogue's order (`sortToolPatterns` relies on it). */
export const effectivePatterns = (
  tool: EffectiveTool,
  settings: ReadonlyArray<PatternSetting>
): ReadonlyArray<EffectivePattern> => {
  if (tool.governing.length > 0) {
    // Each governing standard's patterns by id, oldest application first.
    const byStandard = tool.governing.map((g) => ({
      applied: g.applied,
      patterns: new Map(g.tool.patterns.map((p) => [p.id, p]))
    }))
    return tool.definition.patterns.map((pattern) => {
      const id = pattern.definition.id
      const setBy = byStandard.flatMap((s) => {
        const set = s.patterns.get(id)
        return set === undefined ? [] : [{ applied: s.applied, pattern: set }]
      })
      const latest = setBy[setBy.length - 1]
      const enabled = latest?.pattern.enabled ?? false
      return new Effective(
        pattern,
        enabled,
        true,
        false,
        latest?.pattern.parameters ?? [],
        enabled ? () => setBy.filter((s) => s.pattern.enabled).map((s) => refOf(s.applied)) : noStandards
      )
    })
  }
  const own = new Map(settings.map((s) => [s.patternId, s]))
  return tool.definition.patterns.map((pattern) => {
    const setting = own.get(pattern.definition.id)
    return setting === undefined
      ? new Effective(pattern, pattern.definition.enabled, false, false, [], noStandards)
      : new Effective(pattern, setting.enabled, false, true, setting.parameters, noStandards)
  })
}

const parameterKey = (p: StandardPattern) =>
  [...p.parameters].sort((a, b) => (a.name < b.name ? -1 : 1)).map((v) => `${v.name}=${v.value}`).join("\u0000")

/** Two governing standards set the same pattern with different parameters or states. */
export const standardsDisagree = (tool: EffectiveTool): boolean => {
  const seen = new Map<string, string>()
  for (const g of tool.governing) {
    for (const p of g.tool.patterns) {
      const key = `${p.enabled}:${parameterKey(p)}`
      const previous = seen.get(p.id)
      if (previous !== undefined && previous !== key) return true
      seen.set(p.id, key)
    }
  }
  return false
}

/**
 * UUIDs of tools with conflicts: standards that disagree on one of the tool's patterns, or two
 * enabled tools of one family (versions of one linter must not run side by side).
 */
export const conflictingTools = (tools: ReadonlyArray<EffectiveTool>): ReadonlyArray<string> => {
  const enabledPerFamily = new Map<string, number>()
  for (const t of tools) {
    if (t.view.settings.isEnabled) {
      enabledPerFamily.set(t.definition.family, (enabledPerFamily.get(t.definition.family) ?? 0) + 1)
    }
  }
  return tools
    .filter((t) =>
      standardsDisagree(t) || (t.view.settings.isEnabled && (enabledPerFamily.get(t.definition.family) ?? 0) > 1)
    )
    .map((t) => t.definition.uuid)
}
