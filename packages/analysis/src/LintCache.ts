import { QuickFix } from "@tidemark/core"
import { Context, Schema } from "effect"
import type { CacheEntries } from "./AnalysisCache.js"
import type { MessageFields } from "./LintedFile.js"

/** What the cache keeps of one file's ESLint messages: the fields an issue is made of (LintedFile's MessageFields). */
export class CachedMessage extends Schema.Class<CachedMessage>("CachedMessage")({
  ruleId: Schema.NullOr(Schema.String),
  line: Schema.Int,
  message: Schema.String,
  fatal: Schema.optional(Schema.Boolean),
  /**
   * The file the message is in, when it is another than the entry's: a header a C source
   * includes, where Cppcheck reports what it found while checking that source.
   */
  file: Schema.optional(Schema.String),
  fix: Schema.optional(QuickFix.IssueFix)
}) {}

export const CachedMessages = Schema.Array(CachedMessage)

/** What is kept of an ESLint message (a parsing error keeps its `fatal`). */
export const cachedMessageOf = (m: MessageFields): CachedMessage =>
  new CachedMessage({
    ruleId: m.ruleId,
    line: m.line,
    message: m.message,
    ...(m.fatal === true ? { fatal: true } : {}),
    ...(m.fix === undefined ? {} : { fix: m.fix })
  })

/**
 * One file's ESLint messages by key (`lintKey` in PatternLinter.ts: the file's path and content,
 * the whole config the file was linted with, and the versions of ESLint, typescript-eslint and
 * TypeScript). As with AnalysisCache, an entry is never invalidated: a key names one input, so an
 * entry is right for as long as it exists, and any store may drop entries at will. Only the
 * linting with the enabled patterns uses it; a repository's own configuration file can read
 * anything, so its results are not cached.
 */
export class LintCache extends Context.Tag("@tidemark/analysis/LintCache")<LintCache, CacheEntries<ReadonlyArray<CachedMessage>>>() {}
