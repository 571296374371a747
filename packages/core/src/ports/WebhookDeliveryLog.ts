import { Context, type Effect } from "effect"
import type { ServiceUnavailable } from "../domain/Errors.js"

/**
 * The webhook deliveries each repository took in lately, by the keys that name a delivery (the
 * host's delivery id, the digest of the signed body): a delivery whose key is still kept is a
 * replay. Kept for a bounded time, so it stays small; expired keys are dropped as new ones come.
 */
export class WebhookDeliveryLog extends Context.Tag("@tidemark/core/WebhookDeliveryLog")<
  WebhookDeliveryLog,
  {
    /**
     * Takes a delivery of the repository in: keeps its keys until `until` and answers true, unless
     * one of them is kept past `at` (ISO 8601 both), when it answers false. Of two deliveries with
     * a key in common claimed at once, one only is taken. Keys expired at `at` are dropped.
     */
    readonly claim: (
      repositoryId: number,
      keys: ReadonlyArray<string>,
      at: string,
      until: string
    ) => Effect.Effect<boolean, ServiceUnavailable>
    /** Forgets the keys of a delivery that could not be acted on, so that the host's retry is taken. */
    readonly release: (repositoryId: number, keys: ReadonlyArray<string>) => Effect.Effect<void, ServiceUnavailable>
  }
>() {}
