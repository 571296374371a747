import { Either, Option, Schema } from "effect"
import { ConfigurationConflict, InvalidInput } from "./Errors.js"
import { findLanguage, type LanguageDefinition, languageDefinitions } from "./LanguageDefinitions.js"

/**
 * A repository's settings of the languages the analysis knows: whether each is analysed, and the
 * file name endings it adds to a language's own extensions (`.es6`, `-css.resource`), as the
 * analysis configuration file's `languages` section sets them.
 */

/** A file name ending: what the analysis matches the end of a path with. */
export const Extension = Schema.String.pipe(
  Schema.pattern(/^[^\s/\\\u0000]{1,64}$/, { message: () => "an extension is 1 to 64 characters, without spaces or slashes" })
)

/** A repository's own setting of one language; a language it never changed is enabled, with no extension added. */
export class LanguageSetting extends Schema.Class<LanguageSetting>("LanguageSetting")({
  /** The service's name (LanguageDefinitions). */
  language: Schema.String,
  enabled: Schema.Boolean,
  /** Added to the language's own extensions, in the order given, none of them one of those. */
  extensions: Schema.Array(Schema.String)
}) {}

/** A change of one language's setting: a field left out keeps its value. */
export class LanguageSettingChange extends Schema.Class<LanguageSettingChange>("LanguageSettingChange")({
  language: Schema.String,
  enabled: Schema.optional(Schema.Boolean),
  extensions: Schema.optional(Schema.Array(Schema.String))
}) {}

/** A language's setting once `change` applies to it (`previous`: its stored one, if any). */
export const settingAfter = (previous: LanguageSetting | undefined, change: LanguageSettingChange): LanguageSetting =>
  LanguageSetting.make({
    language: change.language,
    enabled: change.enabled ?? previous?.enabled ?? true,
    extensions: change.extensions ?? previous?.extensions ?? []
  })

/** patchRepositoryLanguageResponseSettings: a field left out is not changed. */
export class RepositoryLanguageUpdate extends Schema.Class<RepositoryLanguageUpdate>("RepositoryLanguageUpdate")({
  name: Schema.String,
  extensions: Schema.optional(Schema.Array(Extension)),
  enabled: Schema.optional(Schema.Boolean)
}) {}

export class RepositoryLanguagesBody extends Schema.Class<RepositoryLanguagesBody>("RepositoryLanguagesBody")({
  languages: Schema.Array(RepositoryLanguageUpdate)
}) {}

/** patchFileExtensionsSettings (deprecated by the original API for the operation above). */
export class FileExtensionsUpdate extends Schema.Class<FileExtensionsUpdate>("FileExtensionsUpdate")({
  name: Schema.String,
  extensions: Schema.Array(Extension)
}) {}

export class FileExtensionsBody extends Schema.Class<FileExtensionsBody>("FileExtensionsBody")({
  languagesExtensions: Schema.Array(FileExtensionsUpdate)
}) {}

/**
 * The original API's language of a repository: `codacyDefaults` are the language's own extensions,
 * `extensions` every extension it is analysed with (its own, then the repository's), `detected`
 * whether the repository's last analysis found it.
 */
export class RepositoryLanguage extends Schema.Class<RepositoryLanguage>("RepositoryLanguage")({
  name: Schema.String,
  codacyDefaults: Schema.Array(Schema.String),
  extensions: Schema.Array(Schema.String),
  defaultFiles: Schema.Array(Schema.String),
  enabled: Schema.Boolean,
  detected: Schema.Boolean
}) {}

/** The original API's file extensions of a language (getFileExtensionsSettings). */
export class FileExtensions extends Schema.Class<FileExtensions>("FileExtensions")({
  name: Schema.String,
  codacyDefaults: Schema.Array(Schema.String),
  extensions: Schema.Array(Schema.String)
}) {}

interface Configured {
  readonly definition: LanguageDefinition
  readonly enabled: boolean
  /** The language's own extensions, then the repository's. */
  readonly extensions: ReadonlyArray<string>
}

/** Every language the analysis knows, as the repository's stored settings configure it. */
const configured = (stored: ReadonlyArray<LanguageSetting>): ReadonlyArray<Configured> => {
  const own = new Map(stored.map((setting) => [setting.language, setting]))
  return languageDefinitions.map((definition) => {
    const setting = own.get(definition.name)
    return { definition, enabled: setting?.enabled ?? true, extensions: [...definition.extensions, ...(setting?.extensions ?? [])] }
  })
}

/** getRepositoryLanguages: every language, with whether `detected` (by any name, any case) holds it. */
export const repositoryLanguagesOf = (stored: ReadonlyArray<LanguageSetting>, detected: ReadonlyArray<string>) => {
  const found = new Set(detected.flatMap((name) => Option.toArray(Option.map(findLanguage(name), (d) => d.name))))
  return configured(stored).map(({ definition, enabled, extensions }) =>
    RepositoryLanguage.make({
      name: definition.name,
      codacyDefaults: definition.extensions,
      extensions,
      defaultFiles: definition.files,
      enabled,
      detected: found.has(definition.name)
    })
  )
}

/** getFileExtensionsSettings: every language's extensions. */
export const fileExtensionsOf = (stored: ReadonlyArray<LanguageSetting>) =>
  configured(stored).map(({ definition, extensions }) =>
    FileExtensions.make({ name: definition.name, codacyDefaults: definition.extensions, extensions })
  )

/** What a body asks of one language; `field` names it in an error (`languages[2]`). */
export interface LanguageUpdate {
  readonly field: string
  readonly name: string
  readonly enabled?: boolean | undefined
  readonly extensions?: ReadonlyArray<string> | undefined
}

const known = languageDefinitions.map((definition) => definition.name).join(", ")

/**
 * The extensions a repository adds: a language's own are left out (they always apply; matching
 * them is case-insensitive, as the analysis's table is), and so are repeats.
 */
const addedExtensions = (definition: LanguageDefinition, extensions: ReadonlyArray<string>) => {
  const seen = new Set(definition.extensions.map((extension) => extension.toLowerCase()))
  return extensions.filter((extension) => {
    const key = extension.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** The first extension two languages would both claim: the analysis could give its files only one. */
const claimedTwice = (languages: ReadonlyArray<Configured>): Option.Option<ConfigurationConflict> => {
  const owners = new Map<string, string>()
  for (const { definition, extensions } of languages) {
    for (const extension of extensions) {
      const owner = owners.get(extension.toLowerCase())
      if (owner !== undefined && owner !== definition.name) {
        return Option.some(
          new ConfigurationConflict({ reason: `The extension '${extension}' would belong to both ${owner} and ${definition.name}` })
        )
      }
      owners.set(extension.toLowerCase(), definition.name)
    }
  }
  return Option.none()
}

/**
 * The changes a body asks for, checked against the stored settings: each language known (by any
 * case) and named once, and no extension left to two languages.
 */
export const changesOf = (
  stored: ReadonlyArray<LanguageSetting>,
  updates: ReadonlyArray<LanguageUpdate>
): Either.Either<ReadonlyArray<LanguageSettingChange>, InvalidInput | ConfigurationConflict> => {
  const changes = new Map<string, LanguageSettingChange>()
  for (const update of updates) {
    const definition = Option.getOrUndefined(findLanguage(update.name))
    if (definition === undefined) {
      return Either.left(new InvalidInput({ field: `${update.field}.name`, reason: `unknown language '${update.name}' (known: ${known})` }))
    }
    if (changes.has(definition.name)) {
      return Either.left(new InvalidInput({ field: `${update.field}.name`, reason: `${definition.name} is named twice` }))
    }
    changes.set(
      definition.name,
      LanguageSettingChange.make({
        language: definition.name,
        ...(update.enabled === undefined ? {} : { enabled: update.enabled }),
        ...(update.extensions === undefined ? {} : { extensions: addedExtensions(definition, update.extensions) })
      })
    )
  }
  const next = stored.filter((setting) => !changes.has(setting.language)).concat(
    [...changes.values()].map((change) => settingAfter(stored.find((setting) => setting.language === change.language), change))
  )
  return Option.match(claimedTwice(configured(next)), {
    onSome: Either.left,
    onNone: () => Either.right([...changes.values()])
  })
}

/** What the analysis needs of a repository's language settings. */
export interface AnalysisLanguageSettings {
  /** The extensions the repository adds, by language (only those with some). */
  readonly extraExtensions: Record<string, Array<string>>
  /** The languages not to analyse. */
  readonly disabledLanguages: Array<string>
}

/**
 * A repository's language settings as the analysis takes them, under the measures' names of the
 * languages (`Bourne Shell`, as the analysis's `Language` names them). A disabled language keeps
 * its extensions: they are what tells its files apart, to leave them out.
 */
export const analysisLanguageSettings = (stored: ReadonlyArray<LanguageSetting>): AnalysisLanguageSettings => {
  const extraExtensions: Record<string, Array<string>> = {}
  const disabledLanguages: Array<string> = []
  for (const setting of stored) {
    const definition = Option.getOrUndefined(findLanguage(setting.language))
    if (definition === undefined) continue
    if (setting.extensions.length > 0) extraExtensions[definition.measuredAs] = [...setting.extensions]
    if (!setting.enabled) disabledLanguages.push(definition.measuredAs)
  }
  return { extraExtensions, disabledLanguages: disabledLanguages.sort() }
}
