import { Context, type Effect, type Either } from "effect"
import type { FileLinesError, FileSource } from "../domain/FileSource.js"
import type { GitReadError } from "./GitReader.js"

/** The lines of files at a commit, each with the author of the commit that last changed it, and their texts. */
export class FileLines extends Context.Tag("@tidemark/core/FileLines")<
  FileLines,
  {
    /**
     * Each of `paths` as of `commitSha`, in the order asked: its lines, or why that one file could
     * not be read. Fails as a whole only when the commit itself cannot be had. With `only`, the
     * lines it names of a file are enough (an adapter may answer more): blaming a few lines walks
     * less of a file's history than blaming all of them.
     */
    readonly read: (
      gitUrl: string,
      commitSha: string,
      paths: ReadonlyArray<string>,
      only?: ReadonlyMap<string, ReadonlyArray<number>>
    ) => Effect.Effect<ReadonlyArray<Either.Either<FileSource, FileLinesError>>, GitReadError>
    /**
     * Each of `paths` as of `commitSha`, in the order asked: its very text (line ends, a missing
     * final newline and all, decoded as UTF-8), or why that one file could not be read. Fails as a
     * whole only when the commit itself cannot be had.
     */
    readonly texts: (
      gitUrl: string,
      commitSha: string,
      paths: ReadonlyArray<string>
    ) => Effect.Effect<ReadonlyArray<Either.Either<string, FileLinesError>>, GitReadError>
  }
>() {}
