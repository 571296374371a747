import { Either, Schema } from "effect"
import { parseErrorText } from "./ParseErrorText.js"
import { parse as parseToml } from "smol-toml"
import { parseXml } from "./XmlDocument.js"

/**
 * Where a dependency comes from: a package registry, or a manifest's own configuration keys
 * (`npm-config`: top-level keys of package.json such as `eslintConfig`; `pyproject-tool`: the
 * `[tool.*]` tables of pyproject.toml), which name the tools a project is set up for.
 */
export type Ecosystem = "npm" | "npm-config" | "pypi" | "pyproject-tool" | "maven" | "gradle-plugin" | "go" | "cargo" | "gem" | "composer"

export interface Dependency {
  readonly ecosystem: Ecosystem
  readonly name: string
}

/** A manifest the stack detection could not read; detection goes on without it. */
export class ManifestError extends Schema.TaggedError<ManifestError>()("ManifestError", {
  path: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return `cannot read the manifest ${this.path}: ${this.reason}`
  }
}

type Reader = (content: string) => Either.Either<ReadonlyArray<Dependency>, string>

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error))

const decodeWith = <A, I>(schema: Schema.Schema<A, I>) => {
  const decode = Schema.decodeUnknownEither(schema)
  return (value: unknown): Either.Either<A, string> =>
    decode(value).pipe(Either.mapLeft((error) => parseErrorText(error)))
}

const json = (content: string): Either.Either<unknown, string> =>
  Either.try({ try: (): unknown => JSON.parse(content), catch: (error) => `not JSON: ${errorText(error)}` })

const toml = (content: string): Either.Either<unknown, string> =>
  Either.try({ try: (): unknown => parseToml(content), catch: (error) => `not TOML: ${errorText(error)}` })

const names = (ecosystem: Ecosystem, ...tables: ReadonlyArray<Readonly<Record<string, unknown>> | undefined>): ReadonlyArray<Dependency> =>
  tables.flatMap((table) => Object.keys(table ?? {}).map((name) => ({ ecosystem, name })))

const Table = Schema.Record({ key: Schema.String, value: Schema.Unknown })
const optionalTable = Schema.optional(Table)

const PackageJson = Schema.Struct({
  dependencies: optionalTable, devDependencies: optionalTable, peerDependencies: optionalTable, optionalDependencies: optionalTable
})
const readPackageJson: Reader = (content) =>
  json(content).pipe(Either.flatMap((value) =>
    Either.all([decodeWith(PackageJson)(value), decodeWith(Table)(value)]).pipe(Either.map(([manifest, keys]) => [
      ...names("npm", manifest.dependencies, manifest.devDependencies, manifest.peerDependencies, manifest.optionalDependencies),
      ...names("npm-config", keys)
    ]))
  ))

const ComposerJson = Schema.Struct({ require: optionalTable, "require-dev": optionalTable })
const readComposerJson: Reader = (content) =>
  json(content).pipe(Either.flatMap(decodeWith(ComposerJson)), Either.map((manifest) => names("composer", manifest.require, manifest["require-dev"])))

// PEP 503: names compare case-insensitively, with runs of `-`, `_` and `.` alike.
const pypi = (name: string): Dependency => ({ ecosystem: "pypi", name: name.toLowerCase().replace(/[-_.]+/g, "-") })

// PEP 508: the name is what comes before extras, a version, a marker or a URL.
const requirementName = (requirement: string): string | undefined => /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(requirement)?.[1]

const readRequirementsTxt: Reader = (content) =>
  Either.right(content.split(/\r?\n/).flatMap((line) => {
    const requirement = line.replace(/(^|\s)#.*$/, "").trim()
    // `-r other.txt`, `-e .`, `--index-url` are pip options, not requirements.
    const name = requirement.startsWith("-") ? undefined : requirementName(requirement)
    return name === undefined ? [] : [pypi(name)]
  }))

const Requirements = Schema.Array(Schema.String)
const PyProject = Schema.Struct({
  project: Schema.optional(Schema.Struct({
    dependencies: Schema.optional(Requirements),
    "optional-dependencies": Schema.optional(Schema.Record({ key: Schema.String, value: Requirements }))
  })),
  // PEP 735 groups may also include other groups (`{include-group = "x"}`), which name no package.
  "dependency-groups": Schema.optional(Schema.Record({ key: Schema.String, value: Schema.Array(Schema.Unknown) })),
  tool: Schema.optional(Schema.Struct({
    poetry: Schema.optional(Schema.Struct({
      dependencies: optionalTable,
      "dev-dependencies": optionalTable,
      group: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.Struct({ dependencies: optionalTable }) }))
    }))
  }, Schema.Record({ key: Schema.String, value: Schema.Unknown })))
})
const readPyProject: Reader = (content) =>
  toml(content).pipe(Either.flatMap(decodeWith(PyProject)), Either.map(({ project, tool, ...rest }) => {
    const poetry = tool?.poetry
    const requirements = [
      ...(project?.dependencies ?? []),
      ...Object.values(project?.["optional-dependencies"] ?? {}).flat(),
      ...Object.values(rest["dependency-groups"] ?? {}).flat().filter((entry): entry is string => typeof entry === "string")
    ]
    const poetryNames = [poetry?.dependencies, poetry?.["dev-dependencies"], ...Object.values(poetry?.group ?? {}).map((group) => group.dependencies)]
      .flatMap((table) => Object.keys(table ?? {}))
    return [
      ...[...requirements.flatMap((requirement) => requirementName(requirement) ?? []), ...poetryNames].filter((name) => name !== "python").map(pypi),
      ...names("pyproject-tool", tool)
    ]
  }))

const Pipfile = Schema.Struct({ packages: optionalTable, "dev-packages": optionalTable })
const readPipfile: Reader = (content) =>
  toml(content).pipe(Either.flatMap(decodeWith(Pipfile)), Either.map((pipfile) =>
    [...Object.keys(pipfile.packages ?? {}), ...Object.keys(pipfile["dev-packages"] ?? {})].map(pypi)
  ))

const CargoTable = Schema.Struct({ dependencies: optionalTable, "dev-dependencies": optionalTable, "build-dependencies": optionalTable })
const CargoToml = Schema.Struct({ ...CargoTable.fields, workspace: Schema.optional(CargoTable) })
const readCargoToml: Reader = (content) =>
  toml(content).pipe(Either.flatMap(decodeWith(CargoToml)), Either.map((cargo) => names(
    "cargo", cargo.dependencies, cargo["dev-dependencies"], cargo["build-dependencies"], cargo.workspace?.dependencies, cargo.workspace?.["dev-dependencies"]
  )))

const Coordinates = Schema.Struct({ groupId: Schema.optional(Schema.String), artifactId: Schema.String })
const listOf = (field: string) => Schema.optional(Schema.Union(Schema.Literal(""), Schema.Struct({ [field]: Schema.optional(Schema.Array(Coordinates)) })))
const PomXml = Schema.Struct({
  project: Schema.Struct({
    parent: Schema.optional(Coordinates),
    dependencies: listOf("dependency"),
    dependencyManagement: Schema.optional(Schema.Struct({ dependencies: listOf("dependency") })),
    build: Schema.optional(Schema.Struct({ plugins: listOf("plugin") }))
  })
})
const readPomXml: Reader = (content) =>
  parseXml(content, new Set(["dependency", "plugin"])).pipe(
    Either.mapLeft((problem) => `not XML: ${problem.reason}`),
    Either.flatMap(decodeWith(PomXml)),
    Either.map(({ project }) => {
      const list = <K extends string>(holder: "" | Partial<Record<K, ReadonlyArray<typeof Coordinates.Type>>> | undefined, key: K) =>
        holder === undefined || holder === "" ? [] : (holder[key] ?? [])
      return [
        ...(project.parent === undefined ? [] : [project.parent]),
        ...list(project.dependencies, "dependency"),
        ...list(project.dependencyManagement?.dependencies, "dependency"),
        // A plugin without groupId is one of Maven's own (org.apache.maven.plugins).
        ...list(project.build?.plugins, "plugin").map((plugin) => ({ groupId: plugin.groupId ?? "org.apache.maven.plugins", artifactId: plugin.artifactId }))
      ].map(({ groupId, artifactId }): Dependency => ({ ecosystem: "maven", name: `${groupId ?? ""}:${artifactId}` }))
    })
  )

// Gradle scripts are programs (Groovy or Kotlin); the coordinates and plugin ids in their string
// literals are what the build declares in practice, and no parser of either language is on npm.
const readBuildGradle: Reader = (content) => Either.right([
  ...[...content.matchAll(/["']([\w.-]+):([\w.-]+)(?::[^"'\s]*)?["']/g)].map(([, group, artifact]): Dependency => ({ ecosystem: "maven", name: `${group}:${artifact}` })),
  ...[...content.matchAll(/\bid\s*\(?\s*["']([\w.-]+)["']/g)].flatMap(([, id]): ReadonlyArray<Dependency> => (id === undefined ? [] : [{ ecosystem: "gradle-plugin", name: id }]))
])

const readGoMod: Reader = (content) => {
  const required: Array<Dependency> = []
  let inBlock = false
  for (const raw of content.split(/\r?\n/)) {
    const line = raw.replace(/\/\/.*$/, "").trim()
    if (/^require\s*\($/.test(line) || (inBlock && line === ")")) {
      inBlock = !inBlock
      continue
    }
    const path = inBlock ? /^(\S+)\s+\S+$/.exec(line)?.[1] : /^require\s+(\S+)\s+\S+$/.exec(line)?.[1]
    if (path !== undefined) required.push({ ecosystem: "go", name: path })
  }
  return Either.right(required)
}

const readGemfile: Reader = (content) =>
  Either.right([...content.matchAll(/^\s*gem\s+["']([^"']+)["']/gm)].flatMap(([, name]): ReadonlyArray<Dependency> => (name === undefined ? [] : [{ ecosystem: "gem", name }])))

/** The manifests read, by file name; requirement files also as `requirements-dev.txt` etc. */
const readers: ReadonlyArray<readonly [RegExp, Reader]> = [
  [/^package\.json$/, readPackageJson],
  [/^composer\.json$/, readComposerJson],
  [/^requirements[\w.-]*\.txt$/, readRequirementsTxt],
  [/^pyproject\.toml$/, readPyProject],
  [/^Pipfile$/, readPipfile],
  [/^Cargo\.toml$/, readCargoToml],
  [/^pom\.xml$/, readPomXml],
  [/^build\.gradle(?:\.kts)?$/, readBuildGradle],
  [/^go\.mod$/, readGoMod],
  [/^Gemfile$/, readGemfile]
]

const readerOf = (path: string): Reader | undefined => {
  const name = path.slice(path.lastIndexOf("/") + 1)
  return readers.find(([pattern]) => pattern.test(name))?.[1]
}

/** Whether the stack detection reads this file's content (the worker reads only these). */
export const isManifest = (path: string): boolean => readerOf(path) !== undefined

/** The dependencies a manifest declares; an unknown file declares none. */
export const dependenciesOf = (path: string, content: string): Either.Either<ReadonlyArray<Dependency>, ManifestError> => {
  const reader = readerOf(path)
  return reader === undefined ? Either.right([]) : reader(content).pipe(Either.mapLeft((reason) => new ManifestError({ path, reason })))
}
