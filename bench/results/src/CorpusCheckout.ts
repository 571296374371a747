import { FileLines, FileLinesError, SourceCheckout } from "@tidemark/core"
import { Effect, Either, Layer } from "effect"

/**
 * Every commit checks out as the analysis bench's corpus, already on disk: the git clone is the
 * same with or without a result store, and is left out as bench/analysis leaves it out. The corpus
 * (npm tarballs) has no history to blame: issues are stored without authors, in both variants
 * alike (bench:blame in bench/analysis measures blaming).
 */
export const layer = (root: string) =>
  Layer.merge(
    Layer.succeed(SourceCheckout, { checkout: () => Effect.succeed(root) }),
    Layer.succeed(FileLines, FileLines.of({
      read: (url, commitSha, paths) =>
        Effect.succeed(paths.map((path) => Either.left(new FileLinesError({ url, commitSha, path, reason: "the corpus has no history" }))))
    }))
  )
