import { Either } from "effect"
import { posix } from "node:path"
import type { SourceFile } from "../SourceTree.js"
import { ToolProblem } from "../tools/AnalysisTool.js"
import { configurationFilesOf, folderOf, isTable, requiresPythonOf, ruffTableOfFile, type Table, targetVersionOf } from "./RuffConfigFile.js"
import { defaultSources, firstPartyNames, sourceFolders } from "./RuffSources.js"
import { extendedLayer, layerOf, type PathPattern, pathPatternOf, type PerFileIgnore, type RuffLayer } from "./RuffLayer.js"
import { lintOptionNames, ruffCheckOf, type RuffOptions } from "./RuffWasm.js"

/**
 * The settings each file of a tree is linted with: the enabled patterns, or the repository's Ruff
 * configuration, the one closest above the file as Ruff takes it (a folder's own configuration
 * replaces its parents', unless it `extend`s one).
 */
export interface RuffSettings {
  /** The configuration file, relative to the root; absent when the enabled patterns decide. */
  readonly file: string | undefined
  /** A Workspace's options. */
  readonly options: RuffOptions
  readonly exclude: ReadonlyArray<PathPattern>
  readonly perFileIgnores: ReadonlyArray<PerFileIgnore>
}

/** Ruff's `exclude` when a configuration sets none: folders of tools, environments and builds. */
export const defaultExclude = [
  ".bzr", ".direnv", ".eggs", ".git", ".git-rewrite", ".hg", ".ipynb_checkpoints", ".mypy_cache", ".nox",
  ".pants.d", ".pyenv", ".pytest_cache", ".pytype", ".ruff_cache", ".svn", ".tox", ".venv", ".vscode",
  "__pypackages__", "_build", "buck-out", "dist", "node_modules", "site-packages", "venv"
] as const

const defaultPatterns = (folder: string): ReadonlyArray<PathPattern> =>
  defaultExclude.flatMap((name) => Either.match(pathPatternOf(folder, name), { onLeft: () => [], onRight: (pattern) => [pattern] }))

/**
 * Ruff's default Python version where the WebAssembly build has another (its playground's, 3.11):
 * the command line's (`PythonVersion::default()` in Ruff 0.17). The rules selected by default are
 * the same in both since Ruff expanded its default set (some 400 rules): a configuration without
 * `select` gets them, as the command line would give them.
 */
export const defaultTargetVersion = "py310"

/**
 * The Python version of a folder's files when no `target-version` says it: the lowest that the
 * `requires-python` of the folder's pyproject.toml admits, as Ruff infers it.
 */
const inferredTargetVersion = (files: ReadonlyArray<SourceFile>, folder: string): string => {
  const path = folder === "" ? "pyproject.toml" : `${folder}/pyproject.toml`
  const pyproject = files.find((file) => file.path === path)
  const requires = pyproject === undefined ? undefined : requiresPythonOf(pyproject)
  return (requires === undefined ? undefined : targetVersionOf(requires)) ?? defaultTargetVersion
}

/** What Ruff would read off the file system, which a Workspace has not. */
export interface Surroundings {
  readonly targetVersion: string
  /** The modules and packages of the source folders (RuffSources). */
  readonly firstParty: ReadonlyArray<string>
}

/** The lint options with more first-party names for isort (after the configuration's own). */
export const withFirstParty = (lint: Table, firstParty: ReadonlyArray<string>): Table => {
  const isort = isTable(lint["isort"]) ? lint["isort"] : {}
  const known: ReadonlyArray<unknown> = Array.isArray(isort["known-first-party"]) ? isort["known-first-party"] : []
  const added = firstParty.filter((name) => !known.includes(name))
  return added.length === 0 ? lint : { ...lint, isort: { ...isort, "known-first-party": [...known, ...added] } }
}

// Ruff names preview rules by their names unless asked for their codes, and the patterns are codes.
const withDefaults = (options: RuffOptions, surroundings: Surroundings): RuffOptions => {
  const lint = isTable(options["lint"]) ? options["lint"] : {}
  return {
    "target-version": surroundings.targetVersion,
    ...options,
    "output-prefer-rule-codes": true,
    lint: withFirstParty(lint, surroundings.firstParty)
  }
}

/** The surroundings of a configuration in `folder` (or of none, at the root): its Python version, its first-party names. */
export const surroundingsOf = (
  files: ReadonlyArray<SourceFile>,
  folder: string,
  sources: ReadonlyArray<string> = sourceFolders(folder, defaultSources)
): Surroundings => {
  const targetVersion = inferredTargetVersion(files, folder)
  return { targetVersion, firstParty: firstPartyNames(files, sources, targetVersion) }
}

/** The enabled patterns' rule codes, exactly: with Ruff's defaults for everything else. */
export const patternSettings = (
  codes: ReadonlyArray<string>,
  surroundings: Surroundings = { targetVersion: defaultTargetVersion, firstParty: [] }
): RuffSettings => ({
  file: undefined,
  options: withDefaults({ lint: { select: [...codes] } }, surroundings),
  exclude: defaultPatterns(""),
  perFileIgnores: []
})

/** Whether Ruff leaves the file out: it, or a folder above it, matches the `exclude` that applies there. */
export const isExcluded = (settingsOf: (path: string) => RuffSettings, path: string): boolean => {
  const parts = path.split("/")
  return parts.some((_, index) => {
    const entry = parts.slice(0, index + 1).join("/")
    return settingsOf(entry).exclude.some((pattern) => pattern.matches(`/${entry}`))
  })
}

/** The rule selectors the configuration's `per-file-ignores` turn off in this file. */
export const ignoredSelectors = (settings: RuffSettings, path: string): ReadonlyArray<string> =>
  settings.perFileIgnores.flatMap((ignore) => (ignore.pattern.matches(`/${path}`) !== ignore.negated ? ignore.selectors : []))

/** The tree's configurations, read: each file's settings, and what could not be followed. */
export interface TreeSettings {
  /** The root's configuration; absent when the root has none or it could not be read. */
  readonly root: RuffSettings | undefined
  readonly settingsOf: (path: string) => RuffSettings
  readonly problems: ReadonlyArray<ToolProblem>
}

const unreadable = (tool: string, file: string, reason: string, instead: string) =>
  new ToolProblem({ tool, code: "unreadable_configuration", file, message: `${file}: ${reason}; ${instead}` })

interface Reading {
  readonly tool: string
  readonly files: ReadonlyMap<string, SourceFile>
  readonly list: ReadonlyArray<SourceFile>
  readonly lintNames: ReadonlySet<string>
  readonly problems: Array<ToolProblem>
}

/** A file's layer with what it `extend`s under it; an `extend` out of the tree is reported and left out. */
const readLayer = (reading: Reading, file: SourceFile, seen: ReadonlySet<string>): Either.Either<RuffLayer, string> =>
  ruffTableOfFile(file).pipe(
    Either.flatMap((table) => layerOf(folderOf(file.path), table, reading.lintNames)),
    Either.flatMap((layer) => {
      if (layer.extend === undefined) return Either.right(layer)
      const target = posix.normalize(posix.join(folderOf(file.path), layer.extend))
      const base = reading.files.get(target)
      if (base === undefined || target.startsWith("../") || posix.isAbsolute(layer.extend) || seen.has(target)) {
        reading.problems.push(
          new ToolProblem({
            tool: reading.tool,
            code: "unsupported_configuration",
            file: file.path,
            message: `${file.path}: \`extend = "${layer.extend}"\` is not a file of the repository (or extends itself): the rest of the configuration applies`
          })
        )
        return Either.right(layer)
      }
      return readLayer(reading, base, new Set([...seen, target])).pipe(
        Either.mapLeft((reason) => `${target} (extended): ${reason}`),
        Either.map((below) => extendedLayer(below, layer))
      )
    })
  )

const settingsOfLayer = (reading: Reading, file: string, layer: RuffLayer): Either.Either<RuffSettings, string> => {
  const options = withDefaults(layer.options, surroundingsOf(reading.list, folderOf(file), layer.sources))
  // Ruff checks its options when a Workspace is made: a wrong type or an unknown rule makes the file unreadable.
  return ruffCheckOf(options).pipe(
    Either.map(() => ({
      file,
      options,
      exclude: [...(layer.exclude ?? defaultPatterns(folderOf(file))), ...layer.extendExclude],
      perFileIgnores: [...(layer.perFileIgnores ?? []), ...layer.extendPerFileIgnores]
    }))
  )
}

/**
 * Reads every configuration file of the tree. One that cannot be read is reported and its folder
 * takes the settings above it: the configuration of a parent folder, or at the root `fallback`
 * (the enabled patterns).
 */
export const treeSettings = (tool: string, files: ReadonlyArray<SourceFile>, fallback: RuffSettings): TreeSettings => {
  const reading: Reading = {
    tool,
    files: new Map(files.map((file) => [file.path, file])),
    list: files,
    lintNames: lintOptionNames(),
    problems: []
  }
  const byFolder = new Map<string, RuffSettings>()
  for (const [folder, file] of configurationFilesOf(files)) {
    const read = readLayer(reading, file, new Set([file.path])).pipe(Either.flatMap((layer) => settingsOfLayer(reading, file.path, layer)))
    if (Either.isRight(read)) byFolder.set(folder, read.right)
    else {
      const instead = folder === "" ? "the enabled patterns apply instead" : "the configuration of the folders above applies instead"
      reading.problems.push(unreadable(tool, file.path, read.left, instead))
    }
  }
  const settingsOf = (path: string): RuffSettings => {
    for (let folder = path; ; folder = folderOf(folder)) {
      const found = byFolder.get(folder)
      if (found !== undefined) return found
      if (folder === "") return fallback
    }
  }
  return { root: byFolder.get(""), settingsOf, problems: reading.problems }
}
