import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { TidemarkApi } from "../TidemarkApi.js"

/**
 * Authentication and validation run in full (401/400 as the spec says); accepting is refused with
 * 501 until the durable queue lands, because a 204 promises the event is never lost. ApiError has
 * no "Not Implemented" name, so `error` says what the spec allows for a server-side condition.
 */
const notYet = Effect.sync(() =>
  HttpServerResponse.unsafeJson(
    { message: "Ingestion is not available yet: events are refused until they can be queued durably", error: "Internal Server Error" },
    { status: 501 }
  )
)

export const layer = HttpApiBuilder.group(TidemarkApi, "ingestion", (handlers) =>
  handlers
    .handle("pushAccelerateData", () => notYet)
    .handle("pushData", () => notYet))
