import * as WorkerRunner from "@effect/platform/WorkerRunner"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as NodeWorkerRunner from "@effect/platform-node/NodeWorkerRunner"
import { Effect, Layer, Schema } from "effect"
import { workerData } from "node:worker_threads"
import { AnalysisThreadRequest, ThreadData } from "./AnalysisThreadProtocol.js"
import { makeFileClock } from "./FileClock.js"
import { FileWatch, fileWatchOn } from "./FileWatch.js"
import * as LintHelper from "./LintHelper.js"
import * as TreeAnalyzer from "./TreeAnalyzer.js"

/**
 * An analysis thread (started by ThreadedAnalyzer): one TreeAnalyzer, built by the first message,
 * that analyses the trees it is sent, with a lint thread of its own (LintHelper) that lints while it
 * measures. It lives as long as the service, so its in-memory caches
 * (remembered entries, token frames) serve the next analysis of mostly the same files. Each file a
 * tool works on is on the thread's clock, which the service reads (ThreadedAnalyzer).
 */

const { clock, lintClock } = Schema.decodeUnknownSync(ThreadData)(workerData)
const watch = fileWatchOn(makeFileClock(clock))

const runner = WorkerRunner.layerSerialized(AnalysisThreadRequest, {
  InitialMessage: (options) =>
    lintClock === undefined
      ? TreeAnalyzer.treeLayer(options)
      : TreeAnalyzer.treeLayer(options).pipe(Layer.provideMerge(LintHelper.layer({ cacheDirectory: options.cacheDirectory, clock: lintClock }))),
  Analyze: ({ overdue, root, settings }) =>
    Effect.flatMap(TreeAnalyzer.TreeAnalyzer, (analyzer) => analyzer.analyze(root, settings, overdue)).pipe(
      Effect.provideService(FileWatch, watch)
    )
}).pipe(Layer.provide(NodeWorkerRunner.layer))

NodeRuntime.runMain(WorkerRunner.launch(runner))
