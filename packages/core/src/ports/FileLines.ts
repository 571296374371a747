import { Context, type Effect, type Either } from "effect"
import type { FileLinesError, FileSource } from "../domain/FileSource.js"
import type { GitReadError } from "./GitReader.js"

/** The lines of files at a commit, each with the author of the commit that last changed it. */
export class FileLines extends Context.Tag("@tidemark/core/FileLines")<
  FileLines,
  {
    /**
     * Each of `paths` as of `commitSha`, in the order asked: its lines, or why that one file could
     * not be read. Fails as a whole only when the commit itself cannot be had.
     */
    readonly read: (
      gitUrl: string,
      commitSha: string,
      paths: ReadonlyArray<string>
    ) => Effect.Effect<ReadonlyArray<Either.Either<FileSource, FileLinesError>>, GitReadError>
  }
>() {}
