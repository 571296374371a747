import { Either, Schema } from "effect"
import { posix } from "node:path"
import { reasonOf } from "../LintedFile.js"
import { parseErrorText } from "../ParseErrorText.js"
import type { SourceFile } from "../SourceTree.js"
import { parseYaml } from "../YamlText.js"

/**
 * Where Stylelint's configuration of a folder is: the first of its files Stylelint looks for
 * (cosmiconfig's order), `package.json` only when it has a `stylelint` key. The JSON and YAML
 * forms are read as data; the others are code, which Tidemark does not run.
 */

/**
 * Stylelint's order of its configuration files in a folder (cosmiconfig's): `package.json` first,
 * then the catalogue's `configurationFiles` (`.stylelintrc`, ..., `stylelint.config.mjs`).
 */
export const stylelintConfigurationNames = (configurationFiles: ReadonlyArray<string>): ReadonlyArray<string> => ["package.json", ...configurationFiles]

/** The folder of a path relative to the root: `""` for the root's files. */
export const folderOf = (path: string): string => {
  const folder = posix.dirname(path)
  return folder === "." ? "" : folder
}

const json = (content: string): Either.Either<unknown, string> => Either.try({ try: (): unknown => JSON.parse(content), catch: reasonOf })

const PackageStylelint = Schema.Struct({ stylelint: Schema.optional(Schema.Unknown) })

const readPackageJson = (content: string): Either.Either<unknown, string> =>
  json(content).pipe(
    Either.flatMap((value) => Schema.decodeUnknownEither(PackageStylelint)(value).pipe(Either.mapLeft(parseErrorText))),
    Either.map((value) => value.stylelint)
  )

/** How cosmiconfig reads a file by its extension: one without (`.stylelintrc`) is YAML, which JSON is too; JavaScript is code. */
const readerOf = (path: string): ((content: string) => Either.Either<unknown, string>) | undefined => {
  const name = posix.basename(path)
  if (name === "package.json") return readPackageJson
  const extension = posix.extname(name)
  return extension === ".json" ? json : extension === "" || extension === ".yaml" || extension === ".yml" ? parseYaml : undefined
}

/** Whether the file is code (`stylelint.config.mjs`): found, never run. */
export const isCodeConfiguration = (path: string): boolean => readerOf(path) === undefined

/** The configuration a data file holds (a configuration file's, or one an `extends` names), or why it cannot be read. */
export const readConfigurationFile = (file: SourceFile): Either.Either<unknown, string> => {
  const read = readerOf(file.path)
  return read === undefined ? Either.left("a JavaScript configuration is code: Tidemark does not run it") : read(file.content)
}

/** A package.json configures Stylelint only with its `stylelint` key (an unreadable one is not taken for one). */
const configures = (file: SourceFile): boolean =>
  posix.basename(file.path) !== "package.json" ||
  Either.match(readConfigurationFile(file), { onLeft: () => false, onRight: (value) => value !== undefined })

/** Each folder's configuration file (the first of `names` it has), by folder (`""` for the root) in path order. */
export const configurationFilesOf = (files: ReadonlyArray<SourceFile>, names: ReadonlyArray<string>): ReadonlyMap<string, SourceFile> => {
  const rank = (file: SourceFile) => names.indexOf(posix.basename(file.path))
  const byFolder = new Map<string, SourceFile>()
  for (const file of files.filter((candidate) => rank(candidate) >= 0).sort((a, b) => rank(a) - rank(b))) {
    const folder = folderOf(file.path)
    if (!byFolder.has(folder) && configures(file)) byFolder.set(folder, file)
  }
  return new Map([...byFolder].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}
