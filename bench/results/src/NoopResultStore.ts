import { AnalysisResultStore } from "@tidemark/core"
import { Effect, Option } from "effect"

/**
 * A result store that keeps nothing: the analysis worker as it was before it stored its rows, the
 * baseline that storing them is measured against.
 */
export const store = AnalysisResultStore.AnalysisResultStore.of({
  save: () => Effect.void,
  load: () => Effect.succeed(Option.none()),
  prune: () => Effect.void
})
