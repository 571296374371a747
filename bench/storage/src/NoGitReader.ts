import { GitReader, GitReadError } from "@tidemark/core"
import { Effect, Layer } from "effect"

/** The benchmark seeds repositories through the storage port; a git read would be a mistake. */
export const layer = Layer.succeed(
  GitReader,
  GitReader.of({
    read: (url) => Effect.fail(new GitReadError({ url, reason: "the storage benchmark reads no git repository" }))
  })
)
