import { Schema } from "effect"
import { CachedMessage, cachedMessageOf } from "./LintCache.js"
import { failedFileOf, lintedFileOf } from "./LintedFile.js"
import { IssueSeverity } from "./LintResult.js"
import type { LintedTurn } from "./LintTurns.js"
import type { SourceFile } from "./SourceTree.js"

/**
 * What an analysis thread and its lint thread (LintThread) say to each other: Effect's serialized
 * worker requests, encoded with these schemas.
 */

/** Where the lint thread keeps its per-file cache of ESLint messages (the analysis thread's own). */
export class LintThreadStart extends Schema.TaggedRequest<LintThreadStart>()("LintThreadStart", {
  failure: Schema.Never,
  success: Schema.Void,
  payload: { cacheDirectory: Schema.String }
}) {}

/** One enabled pattern, as `EnabledRule`. */
const EnabledRuleData = Schema.Struct({
  patternId: Schema.String,
  ruleId: Schema.String,
  severity: IssueSeverity,
  parameters: Schema.Array(Schema.Struct({ name: Schema.String, value: Schema.String }))
})

/**
 * A file the lint thread linted, by its index among the tree's lintable files: ESLint's messages
 * (a parsing error is its one fatal message), or why a rule threw.
 */
export const LintedTurnData = Schema.Union(
  Schema.TaggedStruct("Linted", { index: Schema.Int, messages: Schema.Array(CachedMessage) }),
  Schema.TaggedStruct("Failed", { index: Schema.Int, reason: Schema.String })
)
export type LintedTurnData = typeof LintedTurnData.Type

/** Lint the files whose turns the thread takes from `turns` (LintTurns), until none is left. */
export class LintShare extends Schema.TaggedRequest<LintShare>()("LintShare", {
  failure: Schema.Never,
  success: Schema.Array(LintedTurnData),
  payload: {
    root: Schema.String,
    files: Schema.Array(Schema.Struct({ path: Schema.String, content: Schema.String })),
    rules: Schema.Array(EnabledRuleData),
    flavour: Schema.Struct({ toolName: Schema.String, patternPrefix: Schema.String }),
    turns: Schema.instanceOf(SharedArrayBuffer)
  }
}) {}

export const LintThreadRequest = Schema.Union(LintThreadStart, LintShare)
export type LintThreadRequest = typeof LintThreadRequest.Type

/** A linted file as it crosses to the analysis thread. */
export const lintedTurnData = ([index, linted]: LintedTurn): LintedTurnData => {
  switch (linted._tag) {
    case "Linted":
      return { _tag: "Linted", index, messages: linted.messages.map(cachedMessageOf) }
    case "Unparsed":
      return {
        _tag: "Linted",
        index,
        messages: [new CachedMessage({ ruleId: null, line: linted.unparsed.line, message: linted.unparsed.message, fatal: true })]
      }
    case "Failed":
      return { _tag: "Failed", index, reason: linted.failed.reason }
  }
}

/** The lint thread's files as this thread would have linted them, given the same lintable files. */
export const lintedTurnOf = (lintable: ReadonlyArray<SourceFile>) => (data: LintedTurnData): ReadonlyArray<LintedTurn> => {
  const file = lintable[data.index]
  if (file === undefined) return []
  return [[data.index, data._tag === "Linted" ? lintedFileOf(file, data.messages) : failedFileOf(file, data.reason)]]
}
