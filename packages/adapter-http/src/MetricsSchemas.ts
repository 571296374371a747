import { DeliveryMetrics, MetricsBucket, Rfc3339 } from "@tidemark/core"
import { Schema } from "effect"

/** The query of a delivery-metrics read, on the ingestion API (`api_key`) and the admin API (`api-token`). */
export const MetricsParams = Schema.Struct({
  system: Schema.optional(Schema.String),
  team: Schema.optional(Schema.String),
  from: Schema.optional(Rfc3339),
  to: Schema.optional(Rfc3339),
  bucket: Schema.optional(MetricsBucket)
})

/** The answer of a delivery-metrics read: the window, its filters, the four keys. */
export const MetricsResponse = Schema.Struct({
  data: Schema.Struct({
    ...DeliveryMetrics.fields,
    system: Schema.optional(Schema.String),
    team: Schema.optional(Schema.String)
  })
})

export const SystemsResponse = Schema.Struct({ data: Schema.Array(Schema.String) })
