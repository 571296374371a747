import { HttpApiBuilder } from "@effect/platform"
import { WorkerHealth } from "@tidemark/core"
import { Effect, Option } from "effect"
import { serviceUnavailable } from "../ErrorMapping.js"
import { TidemarkApi } from "../TidemarkApi.js"
import { Readiness } from "./Api.js"

/** A process composed without workers (HTTP only, or a test server) is ready with none. */
export const layer = HttpApiBuilder.group(TidemarkApi, "health", (handlers) =>
  handlers.handle("getReadiness", () =>
    Effect.serviceOption(WorkerHealth.WorkerHealth).pipe(
      Effect.flatMap(Option.match({
        onNone: () => Effect.succeed([]),
        onSome: (health) => Effect.mapError(health.ready, serviceUnavailable)
      })),
      Effect.map((workers) => ({ data: new Readiness({ status: "ready", workers }) }))
    )))
