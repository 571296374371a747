import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { WorkerHealth } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"

export class Readiness extends Schema.Class<Readiness>("Readiness")({
  status: Schema.Literal("ready"),
  /** The workers this process runs (none when it serves HTTP only). */
  workers: Schema.Array(WorkerHealth.WorkerState)
}) {}

/** Our extension: whether the process does its work, for a load balancer's or an orchestrator's probe. */
export class HealthGroup extends HttpApiGroup.make("health")
  .add(
    HttpApiEndpoint.get("getReadiness", "/health")
      .addSuccess(Schema.Struct({ data: Readiness }))
      .annotate(
        OpenApi.Description,
        "Whether this process does its work: 200 while every worker it runs is running, 503 once one has stopped (the process then exits). Needs no token."
      )
  )
  .pipe(ApiErrors.readiness)
{}
