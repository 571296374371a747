import { FileLines, GitReader, GitReadError } from "@tidemark/core"
import { Effect, Layer } from "effect"

const refusal = (url: string) => new GitReadError({ url, reason: "the storage benchmark reads no git repository" })

/** The benchmark seeds repositories through the storage port; a git read (or blame) would be a mistake. */
export const layer = Layer.merge(
  Layer.succeed(GitReader, GitReader.of({ read: (url) => Effect.fail(refusal(url)) })),
  Layer.succeed(FileLines, FileLines.of({ read: (url) => Effect.fail(refusal(url)) }))
)
