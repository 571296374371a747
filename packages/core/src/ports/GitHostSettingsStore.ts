import { Context, type Effect, type Option } from "effect"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { GitHostSettings } from "../domain/GitHostSettings.js"

/** A repository's git host settings (its token, its API): none stored, no verdict is sent. */
export class GitHostSettingsStore extends Context.Tag("@tidemark/core/GitHostSettingsStore")<
  GitHostSettingsStore,
  {
    readonly find: (repositoryId: number) => Effect.Effect<Option.Option<GitHostSettings>, ServiceUnavailable>
    /** Replaces the stored settings. */
    readonly save: (repositoryId: number, settings: GitHostSettings) => Effect.Effect<void, ServiceUnavailable>
    /** Forgets them; forgetting what is not stored is no error. */
    readonly remove: (repositoryId: number) => Effect.Effect<void, ServiceUnavailable>
  }
>() {}
