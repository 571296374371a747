import { Context, type Effect } from "effect"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { PatternSetting, ToolSetting } from "../domain/Records.js"

/** One configureTool call: written as a unit. */
export interface ToolChange {
  readonly enabled?: boolean | undefined
  readonly usesConfigurationFile?: boolean | undefined
  readonly patterns: ReadonlyArray<PatternSetting>
}

/** A repository's own tool and pattern settings (what applies when no standard governs). */
export class ToolConfigStore extends Context.Tag("@tidemark/core/ToolConfigStore")<
  ToolConfigStore,
  {
    readonly toolSettings: (repositoryId: number) => Effect.Effect<ReadonlyArray<ToolSetting>, ServiceUnavailable>
    readonly patternSettings: (
      repositoryId: number,
      toolUuid: string
    ) => Effect.Effect<ReadonlyArray<PatternSetting>, ServiceUnavailable>
    readonly applyToolChange: (repositoryId: number, toolUuid: string, change: ToolChange) => Effect.Effect<void, ServiceUnavailable>
    /** Sets `enabled` on many patterns at once, keeping each pattern's parameters. */
    readonly setPatternsEnabled: (
      repositoryId: number,
      toolUuid: string,
      patternIds: ReadonlyArray<string>,
      enabled: boolean
    ) => Effect.Effect<void, ServiceUnavailable>
  }
>() {}
