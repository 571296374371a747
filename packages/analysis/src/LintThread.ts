import * as WorkerRunner from "@effect/platform/WorkerRunner"
import * as NodeContext from "@effect/platform-node/NodeContext"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as NodeWorkerRunner from "@effect/platform-node/NodeWorkerRunner"
import { Effect, Layer, Schema } from "effect"
import { workerData } from "node:worker_threads"
import { ThreadData } from "./AnalysisThreadProtocol.js"
import * as DirectoryAnalysisCache from "./DirectoryAnalysisCache.js"
import { makeFileClock } from "./FileClock.js"
import { FileWatch, fileWatchOn } from "./FileWatch.js"
import { LintCache } from "./LintCache.js"
import { lintedTurnData, LintThreadRequest } from "./LintThreadProtocol.js"
import { lintTurns } from "./LintTurns.js"
import { preparePatternLint } from "./PatternLinter.js"
import { remembered, rememberedEntries } from "./RememberedEntries.js"

/**
 * A lint thread (started by an analysis thread, see LintHelper): it lints a share of each tree while
 * its analysis thread measures it, then both lint what is left, turn by turn (LintTurns). It lives as
 * long as its analysis thread, keeping its cache of messages in memory; each file it lints is on its
 * own clock, which the service reads.
 */

const watch = fileWatchOn(makeFileClock(Schema.decodeUnknownSync(ThreadData)(workerData).clock))

const cacheLayer = (cacheDirectory: string) =>
  Layer.effect(
    LintCache,
    DirectoryAnalysisCache.makeLint(cacheDirectory).pipe(
      Effect.map((messages) => LintCache.of(remembered(messages, rememberedEntries))),
      Effect.provide(NodeContext.layer),
      Effect.orDie
    )
  )

const runner = WorkerRunner.layerSerialized(LintThreadRequest, {
  LintThreadStart: ({ cacheDirectory }) => cacheLayer(cacheDirectory),
  LintShare: ({ files, flavour, root, rules, turns }) =>
    preparePatternLint(root, files, rules, flavour).pipe(
      Effect.flatMap((lint) => lintTurns(lint, turns)),
      Effect.map((linted) => linted.map(lintedTurnData)),
      Effect.provideService(FileWatch, watch)
    )
}).pipe(Layer.provide(NodeWorkerRunner.layer))

NodeRuntime.runMain(WorkerRunner.launch(runner))
