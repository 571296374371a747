import { HttpApiBuilder } from "@effect/platform"
import { Metrics } from "@tidemark/core"
import { Effect } from "effect"
import { IngestionCaller } from "../Authentication.js"
import { ingestionErrors } from "../ErrorMapping.js"
import { answerData, asData, organizationAt, type RequestOf } from "../HandlerShapes.js"
import { TidemarkApi } from "../TidemarkApi.js"
import type { getOrganizationMetrics, listOrganizationSystems } from "./Api.js"

/** With an ingestion key: the key's organization, the ingestion API's errors. */
export const layer = HttpApiBuilder.group(TidemarkApi, "metrics", (handlers) =>
  Effect.gen(function*() {
    const metrics = yield* Metrics.Metrics
    return handlers
      .handle("getMetrics", ({ urlParams }) =>
        Effect.flatMap(IngestionCaller, (caller) => metrics.metrics(caller, urlParams)).pipe(Effect.map(asData), ingestionErrors))
      .handle("listSystems", () =>
        Effect.flatMap(IngestionCaller, (caller) => metrics.systems(caller)).pipe(Effect.map(asData), ingestionErrors))
  }))

/** The admin group's metrics reads (see admin/Handlers.ts). */
export const adminHandlers = Effect.map(Metrics.Metrics, (metrics) => ({
  getOrganizationMetrics: ({ path, urlParams }: RequestOf<typeof getOrganizationMetrics>) =>
    answerData((caller) => metrics.organizationMetrics(caller, organizationAt(path), urlParams)),
  listOrganizationSystems: ({ path }: RequestOf<typeof listOrganizationSystems>) =>
    answerData((caller) => metrics.organizationSystems(caller, organizationAt(path)))
}))
