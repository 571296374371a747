import { WorkerRunner } from "@effect/platform"
import { NodeRuntime, NodeWorkerRunner } from "@effect/platform-node"
import { Effect, Layer, Schema } from "effect"
import { workerData } from "node:worker_threads"
import { AnalysisThreadRequest, ThreadData } from "./AnalysisThreadProtocol.js"
import { makeFileClock } from "./FileClock.js"
import { FileWatch, fileWatchOn } from "./FileWatch.js"
import * as TreeAnalyzer from "./TreeAnalyzer.js"

/**
 * An analysis thread (started by ThreadedAnalyzer): one TreeAnalyzer, built by the first message,
 * that analyses the trees it is sent. It lives as long as the service, so its in-memory caches
 * (remembered entries, token frames) serve the next analysis of mostly the same files. Each file a
 * tool works on is on the thread's clock, which the service reads (ThreadedAnalyzer).
 */

const watch = fileWatchOn(makeFileClock(Schema.decodeUnknownSync(ThreadData)(workerData).clock))

const runner = WorkerRunner.layerSerialized(AnalysisThreadRequest, {
  InitialMessage: (options) => TreeAnalyzer.treeLayer(options),
  Analyze: ({ overdue, root, settings }) =>
    Effect.flatMap(TreeAnalyzer.TreeAnalyzer, (analyzer) => analyzer.analyze(root, settings, overdue)).pipe(
      Effect.provideService(FileWatch, watch)
    )
}).pipe(Layer.provide(NodeWorkerRunner.layer))

NodeRuntime.runMain(WorkerRunner.launch(runner))
