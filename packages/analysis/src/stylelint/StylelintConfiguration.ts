import { Either } from "effect"
import { Minimatch } from "minimatch"
import { posix } from "node:path"
import recommended from "stylelint-config-recommended"
import type { SourceFile } from "../SourceTree.js"
import { ToolProblem } from "../tools/AnalysisTool.js"
import {
  decodeStylelintConfig,
  emptyLayer,
  type FolderGlobs,
  listOf,
  mergedLayer,
  type PassedOptions,
  passedOptionsOf,
  type StylelintConfigData,
  type StylelintLayer
} from "./StylelintConfigData.js"
import { configurationFilesOf, folderOf, isCodeConfiguration, readConfigurationFile } from "./StylelintConfigFile.js"
import { shippedSyntaxes } from "./StylelintFiles.js"

/**
 * The repository's Stylelint configurations, read as data: each folder's own (the first file of
 * Stylelint's order it has), its `extends` followed where Tidemark has what they name
 * (`stylelint-config-recommended`, which it ships, and the repository's own JSON and YAML files),
 * its `overrides` and `ignoreFiles` applied by path. A file takes the configuration closest above
 * it, as Stylelint does; what cannot be followed is said, and the rest applies.
 */

/** The shareable configs Tidemark ships, by the name an `extends` gives. */
const shippedConfigs: ReadonlyMap<string, StylelintConfigData> = new Map([["stylelint-config-recommended", { rules: recommended.rules ?? {} }]])

/** The config one file is linted with: what goes to Stylelint as its `config`. */
export interface StylelintRunConfig extends PassedOptions {
  readonly rules: Readonly<Record<string, unknown>>
}

export interface StylelintFileSettings {
  /** The configuration file that decides for the file, relative to the root. */
  readonly file: string
  /** Its `ignoreFiles` (or an `ignoreFiles` of what it extends) leaves the file out. */
  readonly ignored: boolean
  readonly config: StylelintRunConfig
}

export interface StylelintTreeConfiguration {
  /** The root's configuration file, when it could be read. */
  readonly root: string | undefined
  /** The settings of a file, from the configuration closest above it; undefined where none applies. */
  readonly settingsOf: (path: string) => StylelintFileSettings | undefined
  readonly problems: ReadonlyArray<ToolProblem>
}

interface Reading {
  readonly tool: string
  readonly files: ReadonlyMap<string, SourceFile>
  readonly knownRules: ReadonlySet<string>
  readonly problems: Array<ToolProblem>
}

const unsupported = (reading: Reading, file: string, message: string) =>
  reading.problems.push(new ToolProblem({ tool: reading.tool, code: "unsupported_configuration", file, message: `${file}: ${message}` }))

const relativeTo = (folder: string, path: string): string | undefined =>
  folder === "" ? path : path.startsWith(`${folder}/`) ? path.slice(folder.length + 1) : undefined

/** Stylelint's glob list (micromatch's): a path matches one of the globs and none of the `!` ones. */
const matcherOf = (scope: FolderGlobs, byName: boolean): ((path: string) => boolean) => {
  const compiled = scope.globs.map((glob) => {
    const negated = glob.startsWith("!")
    const pattern = (negated ? glob.slice(1) : glob).replace(/^\.\//, "")
    return { negated, matcher: new Minimatch(pattern, { dot: true, matchBase: byName }) }
  })
  return (path) => {
    const relative = relativeTo(scope.folder, path)
    if (relative === undefined) return false
    return compiled.some((glob) => !glob.negated && glob.matcher.match(relative)) &&
      !compiled.some((glob) => glob.negated && glob.matcher.match(relative))
  }
}

const isRelative = (name: string): boolean => name.startsWith("./") || name.startsWith("../")

/** What an `extends` names: a config Tidemark ships, or a data file of the repository; anything else is said and skipped. */
const extendedLayer = (reading: Reading, file: string, name: string, seen: ReadonlySet<string>): StylelintLayer => {
  const shipped = shippedConfigs.get(name)
  if (shipped !== undefined) return layerOfData(reading, file, "", shipped, seen)
  const target = isRelative(name) ? posix.normalize(posix.join(folderOf(file), name)) : undefined
  const base = target === undefined ? undefined : reading.files.get(target)
  if (target === undefined || base === undefined || target.startsWith("../") || seen.has(target)) {
    unsupported(reading, file, `\`extends: ${name}\` is not followed (Tidemark ships stylelint-config-recommended only, and reads the repository's own JSON and YAML files): the rest of the configuration applies`)
    return emptyLayer
  }
  return Either.match(readLayer(reading, base, new Set([...seen, target])), {
    onLeft: (reason) => {
      unsupported(reading, file, `\`extends: ${name}\` cannot be read (${reason}): the rest of the configuration applies`)
      return emptyLayer
    },
    onRight: (layer) => layer
  })
}

/** What of a config Tidemark does not follow, said once per file. */
const noteUnfollowed = (reading: Reading, file: string, data: Omit<StylelintConfigData, "ignoreFiles" | "overrides">) => {
  const plugins = listOf(typeof data.plugins === "string" ? data.plugins : data.plugins?.map((plugin) => (typeof plugin === "string" ? plugin : "(a plugin object)")))
  if (plugins.length > 0) unsupported(reading, file, `the Stylelint plugins ${plugins.join(", ")} are not shipped with Tidemark: their rules are left out`)
  const syntax = data.customSyntax
  if (syntax !== undefined && !(typeof syntax === "string" && shippedSyntaxes.has(syntax))) {
    unsupported(reading, file, `\`customSyntax: ${typeof syntax === "string" ? syntax : "(an object)"}\` is not shipped with Tidemark: each file is parsed by its extension (.css, .scss with postcss-scss, .less with postcss-less)`)
  }
  if (data.referenceFiles !== undefined) unsupported(reading, file, "`referenceFiles` is not followed: each file is linted on its own")
  if (data.processors !== undefined) unsupported(reading, file, "`processors` are code, which Tidemark does not run")
}

const layerOfData = (
  reading: Reading,
  file: string,
  folder: string,
  data: StylelintConfigData,
  seen: ReadonlySet<string>
): StylelintLayer => {
  noteUnfollowed(reading, file, data)
  const base = listOf(data.extends).reduce((below, name) => mergedLayer(below, extendedLayer(reading, file, name, seen)), emptyLayer)
  const own: StylelintLayer = {
    rules: data.rules ?? {},
    options: passedOptionsOf(data),
    ignoreFiles: data.ignoreFiles === undefined ? undefined : { folder, globs: listOf(data.ignoreFiles) },
    overrides: (data.overrides ?? []).map((override) => ({
      files: { folder, globs: listOf(override.files) },
      layer: layerOfData(reading, file, folder, override, seen)
    }))
  }
  return mergedLayer(base, own)
}

const readLayer = (reading: Reading, file: SourceFile, seen: ReadonlySet<string>): Either.Either<StylelintLayer, string> =>
  readConfigurationFile(file).pipe(
    Either.flatMap(decodeStylelintConfig),
    Either.map((data) => layerOfData(reading, file.path, folderOf(file.path), data, seen))
  )

const allRules = (layer: StylelintLayer): ReadonlyArray<string> => [...Object.keys(layer.rules), ...layer.overrides.flatMap((override) => allRules(override.layer))]

/** The rules Stylelint does not have, and those of plugins: left out of every file, said once. */
const noteUnknownRules = (reading: Reading, file: string, layer: StylelintLayer) => {
  const names = [...new Set(allRules(layer))].filter((rule) => !reading.knownRules.has(rule)).sort()
  const ofPlugins = names.filter((rule) => rule.includes("/"))
  const unknown = names.filter((rule) => !rule.includes("/"))
  if (ofPlugins.length > 0) unsupported(reading, file, `rules of plugins Tidemark does not ship are left out: ${ofPlugins.join(", ")}`)
  if (unknown.length > 0) unsupported(reading, file, `rules this Stylelint does not have (removed or misspelt) are left out: ${unknown.join(", ")}`)
}

/** A layer's settings for one path: its overrides that match applied in order, rules off or unknown left out. */
const settingsIn = (file: string, layer: StylelintLayer, knownRules: ReadonlySet<string>, path: string): StylelintFileSettings => {
  const applied = layer.overrides.filter((override) => matcherOf(override.files, true)(path)).reduce((below, override) => mergedLayer(below, override.layer), layer)
  const rules = Object.fromEntries(
    Object.entries(applied.rules).filter(([rule, setting]) => knownRules.has(rule) && setting !== null && setting !== undefined)
  )
  return {
    file,
    ignored: applied.ignoreFiles !== undefined && matcherOf(applied.ignoreFiles, false)(path),
    config: { ...applied.options, rules }
  }
}

/**
 * Reads every configuration file of the tree (`names` in Stylelint's order: StylelintConfigFile).
 * One that cannot be read is reported, and its folder takes the configuration above it (none at
 * the root: the caller's patterns apply).
 */
export const treeConfiguration = (
  { knownRules, names, tool }: { readonly tool: string; readonly names: ReadonlyArray<string>; readonly knownRules: ReadonlySet<string> },
  files: ReadonlyArray<SourceFile>
): StylelintTreeConfiguration => {
  const reading: Reading = { tool, files: new Map(files.map((file) => [file.path, file])), knownRules, problems: [] }
  const byFolder = new Map<string, { readonly file: string; readonly layer: StylelintLayer }>()
  for (const [folder, file] of configurationFilesOf(files, names)) {
    const read = readLayer(reading, file, new Set([file.path]))
    if (Either.isRight(read)) {
      noteUnknownRules(reading, file.path, read.right)
      byFolder.set(folder, { file: file.path, layer: read.right })
    } else {
      const instead = folder === "" ? "the enabled patterns apply instead" : "the configuration of the folders above applies instead"
      // A JavaScript configuration is not unreadable: Tidemark does not run it.
      const code = isCodeConfiguration(file.path) ? "unsupported_configuration" : "unreadable_configuration"
      reading.problems.push(new ToolProblem({ tool, code, file: file.path, message: `${file.path}: ${read.left}; ${instead}` }))
    }
  }
  const settingsOf = (path: string): StylelintFileSettings | undefined => {
    for (let folder = folderOf(path); ; folder = folderOf(folder)) {
      const found = byFolder.get(folder)
      if (found !== undefined) return settingsIn(found.file, found.layer, knownRules, path)
      if (folder === "") return undefined
    }
  }
  return { root: byFolder.get("")?.file, settingsOf, problems: reading.problems }
}
