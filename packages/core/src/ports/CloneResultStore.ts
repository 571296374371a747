import { Context, type Effect } from "effect"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { PageRequest, ResultPage } from "../domain/Pagination.js"
import type { StoredClone } from "../domain/StoredResults.js"
import type { ResultsKey } from "./AnalysisResultStore.js"

/** The clones of an analysis (saved with its other rows, see AnalysisResultStore), read by file. */
export class CloneResultStore extends Context.Tag("@tidemark/core/CloneResultStore")<
  CloneResultStore,
  {
    /** The clones with an occurrence in the file, by id, each with all of its occurrences. */
    readonly clones: (key: ResultsKey, fileId: number, page: PageRequest) => Effect.Effect<ResultPage<StoredClone>, ServiceUnavailable>
  }
>() {}
