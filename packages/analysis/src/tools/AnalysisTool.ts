import type { RegisteredTools, ToolDefinitions } from "@tidemark/core"
import { type Effect, Schema } from "effect"
import type { EnabledRule } from "../EnabledRule.js"
import type { Language } from "../Language.js"
import type { LintResult } from "../LintResult.js"
import type { SourceFile } from "../SourceTree.js"

/**
 * The port every analysis tool plugs in through (ESLint, Ruff, ...): what it takes, its catalogue,
 * the configuration files it reads, and a run over a tree's files with the enabled patterns. The
 * analyzer knows tools only through this port: a tool the repository enabled that no plug-in runs
 * is said to be not run, never counted as clean.
 */

/** A problem a tool's run tells the repository about, although the run went on (or had to stop). */
export class ToolProblem extends Schema.Class<ToolProblem>("ToolProblem")({
  /** The catalogue's tool name: `ESLint9`, `Ruff`. */
  tool: Schema.String,
  /**
   * `unreadable_configuration`: a configuration file could not be read (the file and why);
   * `configuration_not_found`: the repository asked for its own configuration and has none;
   * `unsupported_configuration`: part of a configuration Tidemark cannot follow (an `extends` of an
   * unknown package, a plugin it does not ship): the rest applied.
   */
  code: Schema.Literal("unreadable_configuration", "configuration_not_found", "unsupported_configuration"),
  /** Relative to the tree's root, when a file is concerned. */
  file: Schema.optional(Schema.String),
  message: Schema.String
}) {}

/** What a run of one tool over a tree found. */
export interface ToolRun {
  readonly result: LintResult
  readonly problems: ReadonlyArray<ToolProblem>
  /** The rules the run named, for a tool whose patterns are learnt from its output (a registered SARIF tool). */
  readonly discovered?: ReadonlyArray<RegisteredTools.DiscoveredRule> | undefined
}

/** How the repository configured the tool. */
export interface ToolSettings {
  /** The enabled patterns, each with the tool's own rule id (`definition`'s prefix taken off). */
  readonly rules: ReadonlyArray<EnabledRule>
  /** Lint with the repository's own configuration (found among `configurationFiles`) instead of `rules`. */
  readonly useConfigurationFile: boolean
  /**
   * The repository never chose: its own configuration is used when the tool can read it without
   * running the repository's code (`FoundConfiguration.readable`), the patterns otherwise.
   */
  readonly configurationByDefault: boolean
  /** Every pattern of the tool in the catalogue, by the tool's rule id: what is not among them is new to it. */
  readonly knownRules?: ReadonlyArray<string> | undefined
}

/** The repository's own configuration of a tool, as found in its tree without running any of its code. */
export interface FoundConfiguration {
  /** Relative to the tree's root: `.eslintrc.yml`, `pyproject.toml`, `package.json` (its `eslintConfig`, or `standard` among its devDependencies). */
  readonly file: string
  /** Tidemark can read it without running the repository's code: it may be used by default. */
  readonly readable: boolean
}

/**
 * Whether this server can run a tool: one that runs in process always can; an external analyser
 * when its program is installed (found with its version), else the repository is told how to
 * install it and the tool's languages are not analysed, never counted clean.
 */
export type ToolAvailability =
  /** `version`: the program's own, when it runs one (the catalogue's is the library's otherwise). */
  | { readonly _tag: "Installed"; readonly version?: string }
  /** `reason`: what is missing; `install`: what to do about it. */
  | { readonly _tag: "NotInstalled"; readonly reason: string; readonly install: string }

export const installed: ToolAvailability = { _tag: "Installed" }

/** The rule id of a pattern id under a tool's prefix: `Ruff_F401` → `F401` (an id without it stays as it is). */
export const ruleIdWithout = (prefix: string) => (patternId: string): string =>
  patternId.startsWith(prefix) ? patternId.slice(prefix.length) : patternId

export interface AnalysisTool {
  /** The tool as the catalogue serves it: uuid, name, prefix, languages, patterns, configuration file names. */
  readonly definition: ToolDefinitions.ToolDefinition
  /** Whether it can run here; absent for a tool that runs in process (always). */
  readonly availability?: Effect.Effect<ToolAvailability>
  /** The languages whose issues the tool measures (the measures' names, Language.ts). */
  readonly languages: ReadonlyArray<Language>
  /** Whether the tool reads this file (by its path, and for a script without extension its `#!` line). */
  readonly takes: (file: SourceFile) => boolean
  /** The tool's own rule id of one of its pattern ids: `Ruff_F401` → `F401`. */
  readonly ruleIdOf: (patternId: string) => string
  /** The repository's own configuration, if its tree has one (of the root's files and package.json). */
  readonly configurationOf: (files: ReadonlyArray<SourceFile>) => FoundConfiguration | undefined
  /**
   * Starts a run over the files the tool takes (`files` are the tree's analysed files, all of them):
   * the outer Effect starts it, the inner one waits for its end, so a tool can run beside the
   * measures. Per-file results are cached in LintCache when the context has it, keyed on the tool's version,
   * the configuration the file is linted with, its path and its content.
   */
  readonly start: (
    root: string,
    files: ReadonlyArray<SourceFile>,
    settings: ToolSettings
  ) => Effect.Effect<Effect.Effect<ToolRun, ToolFailed>>
}

/** The tool could not run at all (its configuration could not be loaded): none of its issues are known. */
export class ToolFailed extends Schema.TaggedError<ToolFailed>()("ToolFailed", {
  tool: Schema.String,
  /** The configuration file concerned, if any. */
  file: Schema.optional(Schema.String),
  reason: Schema.String
}) {
  override get message(): string {
    return `${this.tool}${this.file === undefined ? "" : ` (${this.file})`}: ${this.reason}`
  }
}
