import { Context, type Effect, type Option } from "effect"
import type { ServiceUnavailable } from "../domain/Errors.js"

/**
 * Each repository's badge token: what a badge of a repository that is not Public carries in its
 * address (`?token=`), so that a README can show the grade without an API token. Kept as it is,
 * not hashed: the repository's page shows the badge's Markdown, token included, whenever asked.
 */
export class BadgeTokenStore extends Context.Tag("@tidemark/core/BadgeTokenStore")<
  BadgeTokenStore,
  {
    /** Replaces the repository's token: badges with the previous one are refused from then on. */
    readonly save: (repositoryId: number, token: string) => Effect.Effect<void, ServiceUnavailable>
    readonly find: (repositoryId: number) => Effect.Effect<Option.Option<string>, ServiceUnavailable>
  }
>() {}
