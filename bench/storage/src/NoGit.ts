import { FileLines, GitChanges, GitReader, NetworkAddresses } from "@tidemark/core"
import { Effect, Layer } from "effect"

const refusal = (url: string) => new GitReader.GitReadError({ url, reason: "the storage benchmark reads no git repository" })

/**
 * The benchmark seeds repositories through the storage port; a git read (or blame) would be a
 * mistake. Its corpus has no history: a branch analysed again compares with itself, git naming no
 * file (the change lists the files of issues and clones).
 */
export const layer = Layer.mergeAll(
  // Nothing is reached over the network: no address to refuse.
  Layer.succeed(NetworkAddresses.NetworkAddresses, NetworkAddresses.NetworkAddresses.of({ requirePublic: () => Effect.void })),
  Layer.succeed(GitReader.GitReader, GitReader.GitReader.of({ read: (url) => Effect.fail(refusal(url)), forget: () => Effect.void })),
  Layer.succeed(FileLines.FileLines, FileLines.FileLines.of({ read: (url) => Effect.fail(refusal(url)), texts: (url) => Effect.fail(refusal(url)) })),
  Layer.succeed(GitChanges.GitChanges, GitChanges.GitChanges.of({
    mergeBase: (url) => Effect.fail(refusal(url)),
    changedFiles: (url) => Effect.fail(refusal(url)),
    diff: (url) => Effect.fail(refusal(url)),
    commitsBetween: (url) => Effect.fail(refusal(url)),
    commit: (url) => Effect.fail(refusal(url))
  }))
)
