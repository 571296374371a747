import { Context, type Effect, type Option } from "effect"
import type { ServiceUnavailable } from "../domain/Errors.js"

/**
 * Each repository's secret shared with its git host, which signs (GitHub) or presents (GitLab) it
 * on every webhook delivery. Kept as it is, not hashed: checking an HMAC needs the secret itself.
 */
export class WebhookSecretStore extends Context.Tag("@tidemark/core/WebhookSecretStore")<
  WebhookSecretStore,
  {
    /** Replaces the repository's secret: deliveries signed with the previous one are refused from then on. */
    readonly save: (repositoryId: number, secret: string) => Effect.Effect<void, ServiceUnavailable>
    readonly find: (repositoryId: number) => Effect.Effect<Option.Option<string>, ServiceUnavailable>
  }
>() {}
