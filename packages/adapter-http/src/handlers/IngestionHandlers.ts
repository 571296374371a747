import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { IngestionNotImplemented } from "../HttpErrors.js"
import { TidemarkApi } from "../TidemarkApi.js"

const notYet = new IngestionNotImplemented({
  message: "Ingestion is not available yet: events are refused until they can be queued durably"
})

/**
 * Authentication and validation run in full (401/400 as the spec says); accepting is refused until
 * the durable queue lands, because a 204 promises the event is never lost.
 */
export const layer = HttpApiBuilder.group(TidemarkApi, "ingestion", (handlers) =>
  handlers
    .handle("pushAccelerateData", () => Effect.fail(notYet))
    .handle("pushData", () => Effect.fail(notYet)))
