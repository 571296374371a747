import { Context } from "effect"
import type { EventQueue } from "./EventQueue.js"

/**
 * The durable queue of analysis jobs: the same port as ingestion's (and the same adapters), a
 * queue of its own so that a slow analysis never holds up ingested events.
 */
export class AnalysisQueue extends Context.Tag("@tidemark/core/AnalysisQueue")<
  AnalysisQueue,
  Context.Tag.Service<typeof EventQueue>
>() {}
