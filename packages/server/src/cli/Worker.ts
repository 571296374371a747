import { Command } from "@effect/cli"
import { handOver } from "./Serve.js"

/** `tidemark worker`: processes queued ingestion payloads until interrupted, without serving HTTP. */
export const worker = Command.make("worker", {}, () => handOver("worker")).pipe(
  Command.withDescription(
    "Run the ingestion worker alone (several may run side by side). Uses the same DATABASE_URL / " +
      "TIDEMARK_DATA_DIR as the server; the embedded database admits one process, so run workers " +
      "alone only against PostgreSQL."
  )
)
