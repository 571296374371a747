import { Context, type Effect } from "effect"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { LanguageSetting, LanguageSettingChange } from "../domain/LanguageSettings.js"

/** A repository's own language settings: one per language it changed; a language never changed has none. */
export class LanguageSettingsStore extends Context.Tag("@tidemark/core/LanguageSettingsStore")<
  LanguageSettingsStore,
  {
    /** By language name (code point order). */
    readonly settings: (repositoryId: number) => Effect.Effect<ReadonlyArray<LanguageSetting>, ServiceUnavailable>
    /**
     * Applies the changes as one: a field a change leaves out keeps its stored value (a language never
     * changed is enabled, with no extension added).
     */
    readonly update: (repositoryId: number, changes: ReadonlyArray<LanguageSettingChange>) => Effect.Effect<void, ServiceUnavailable>
  }
>() {}
