import { AnalysisResultStore } from "@tidemark/core"
import { Effect, Option } from "effect"

const empty = { items: [], total: 0, next: undefined }

/**
 * A result store that keeps nothing: the analysis worker as it was before it stored its rows, the
 * baseline that storing them is measured against.
 */
export const store = AnalysisResultStore.of({
  save: () => Effect.void,
  load: () => Effect.succeed(Option.none()),
  fileIds: (_, paths) => Effect.succeed(new Map(paths.map((path, i) => [path, i + 1]))),
  issues: () => Effect.succeed(empty),
  issueCounts: () => Effect.succeed({ categories: [], levels: [], languages: [], patterns: [], authors: [] }),
  issue: () => Effect.succeed(Option.none()),
  files: () => Effect.succeed(empty),
  file: () => Effect.succeed(Option.none()),
  clones: () => Effect.succeed(empty),
  saveCoverage: () => Effect.void,
  removeCoverage: () => Effect.void,
  exclusive: () => (effect) => effect,
  commitCoverage: () => Effect.succeed([]),
  fileCoverage: () => Effect.succeed(Option.none()),
  prune: () => Effect.void
})
