import { Context, type Effect, Schema } from "effect"
import type { CoverageFormat, FileLineCoverage } from "../domain/CommitCoverage.js"

/** A report that is not what its format says (the reason names the line at fault where it can). */
export class CoverageUnreadable extends Schema.TaggedError<CoverageUnreadable>()("CoverageUnreadable", {
  reason: Schema.String
}) {
  override get message() {
    return this.reason
  }
}

/** Reads a coverage report into each file's coverage, line by line, paths made relative to `root`. */
export class CoverageReader extends Context.Tag("@tidemark/core/CoverageReader")<
  CoverageReader,
  {
    readonly read: (
      format: CoverageFormat,
      content: string,
      root: string
    ) => Effect.Effect<ReadonlyArray<FileLineCoverage>, CoverageUnreadable>
  }
>() {}
