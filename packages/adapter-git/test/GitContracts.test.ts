import * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import * as NodeContext from "@effect/platform-node/NodeContext"
import { fileLinesContract, GitRepositories, gitReaderContract } from "@tidemark/port-contracts"
import { Effect, Layer } from "effect"
import { GitCli } from "../src/index.js"
import * as HistoryRepository from "./HistoryRepository.js"

/** Repositories and the mirror cache in one scratch directory, removed when the suite ends. */
const suite = Layer.unwrapScoped(
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const directory = yield* fs.makeTempDirectoryScoped({ prefix: "tidemark-git-contract-" })
    const platform = yield* Effect.context<FileSystem.FileSystem | Path.Path>()
    const repositories = GitRepositories.of({
      make: (history) => Effect.provide(HistoryRepository.make(directory, history), platform),
      missing: Effect.sync(() => path.join(directory, "nowhere"))
    })
    return Layer.merge(GitCli.layer({ cacheDirectory: path.join(directory, "cache") }), Layer.succeed(GitRepositories, repositories))
  })
).pipe(Layer.provide(NodeContext.layer))

gitReaderContract("GitCli", suite)

fileLinesContract("GitCli", suite)
