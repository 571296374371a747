import { WorkerRunner } from "@effect/platform"
import { NodeRuntime, NodeWorkerRunner } from "@effect/platform-node"
import { Analyzer } from "@tidemark/core"
import { Effect, Layer } from "effect"
import { AnalysisThreadRequest } from "./AnalysisThreadProtocol.js"
import * as TreeAnalyzer from "./TreeAnalyzer.js"

/**
 * An analysis thread (started by ThreadedAnalyzer): one TreeAnalyzer, built by the first message,
 * that analyses the trees it is sent. It lives as long as the service, so its in-memory caches
 * (remembered entries, token frames) serve the next analysis of mostly the same files.
 */

const runner = WorkerRunner.layerSerialized(AnalysisThreadRequest, {
  InitialMessage: (options) => TreeAnalyzer.layer(options),
  Analyze: ({ root, settings }) => Effect.flatMap(Analyzer, (analyzer) => analyzer.analyze(root, settings))
}).pipe(Layer.provide(NodeWorkerRunner.layer))

NodeRuntime.runMain(WorkerRunner.launch(runner))
