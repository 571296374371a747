import { Context, type Effect, type Option } from "effect"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { PageRequest, ResultPage } from "../domain/Pagination.js"
import type { FileQuery, StoredFile } from "../domain/StoredResults.js"
import type { ResultsKey } from "./AnalysisResultStore.js"


/**
 * The files of an analysis (saved with its other rows, see AnalysisResultStore), read by page in
 * the asked sort, then by path, each with its coverage in the analysed commit; and the ids of a
 * repository's files, which stay the same for the same path across analyses.
 */
export class FileResultStore extends Context.Tag("@tidemark/core/FileResultStore")<
  FileResultStore,
  {
    readonly files: (key: ResultsKey, query: FileQuery, page: PageRequest) => Effect.Effect<ResultPage<StoredFile>, ServiceUnavailable>
    readonly file: (key: ResultsKey, fileId: number) => Effect.Effect<Option.Option<StoredFile>, ServiceUnavailable>
    /** The ids of the repository's files at these paths (see StoredFile), made for paths it never had. */
    readonly fileIds: (repositoryId: number, paths: ReadonlyArray<string>) => Effect.Effect<ReadonlyMap<string, number>, ServiceUnavailable>
  }
>() {}
