import { SourceCheckout } from "@tidemark/core"
import { Effect, Layer } from "effect"

/**
 * Every commit checks out as the analysis bench's corpus, already on disk: the git clone is the
 * same with or without a result store, and is left out as bench/analysis leaves it out.
 */
export const layer = (root: string) => Layer.succeed(SourceCheckout.SourceCheckout, { checkout: () => Effect.succeed(root) })
