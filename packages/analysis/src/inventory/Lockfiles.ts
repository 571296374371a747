import { Either } from "effect"
import { parse as parseToml } from "smol-toml"
import { parse as parseYaml } from "yaml"
import { goParts, normalisedName, npmParts, packageUrl, type PurlType } from "./PackageUrl.js"

/**
 * A repository's dependencies as its lockfiles pin them, read as data (nothing of the repository
 * runs): each package with its exact version as a package URL, whether the project asks for it
 * itself (direct) or gets it through another (transitive), and its licence where the lockfile
 * says. What is direct is read from the lockfile where it says so, else from the manifest beside it.
 */

export interface InventoryEntry {
  readonly purl: string
  readonly type: PurlType
  /** As the ecosystem writes it: `@babel/core`, `requests`, `golang.org/x/text`. */
  readonly name: string
  readonly version: string
  readonly direct: boolean
  readonly licence?: string | undefined
}

/** A file beside the lockfile, by name (`package.json` beside `package-lock.json`), if there. */
export type Sibling = (name: string) => string | undefined

type Reader = (content: string, sibling: Sibling) => ReadonlyArray<InventoryEntry>

const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : {}
const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined)
const keysOf = (...values: ReadonlyArray<unknown>): Set<string> => new Set(values.flatMap((value) => Object.keys(record(value))))

const entry = (type: PurlType, name: string, version: string, direct: boolean, licence?: string, parts?: { readonly namespace?: string; readonly name: string }): InventoryEntry => {
  const { name: purlName, namespace } = parts ?? { name }
  return { purl: packageUrl({ type, namespace, name: purlName, version }), type, name, version, direct, ...(licence === undefined ? {} : { licence }) }
}

const npmEntry = (name: string, version: string, direct: boolean, licence?: string) => entry("npm", name, version, direct, licence, npmParts(name))

/** A manifest's dependency names: package.json's four lists. */
const packageJsonNames = (sibling: Sibling) => {
  const manifest = sibling("package.json")
  if (manifest === undefined) return new Set<string>()
  const json = record(JSON.parse(manifest))
  return keysOf(json["dependencies"], json["devDependencies"], json["optionalDependencies"], json["peerDependencies"])
}

/**
 * npm's package-lock.json and npm-shrinkwrap.json, lockfileVersion 2 and 3: `packages` by install
 * path; the root's (`""`) lists say what is direct. Links and workspace packages are the project's
 * own; version 1 lockfiles (npm 6) have no `packages`, and are refused by name.
 */
const npmLock: Reader = (content) => {
  const lock = record(JSON.parse(content))
  if (lock["packages"] === undefined) throw new Error(`lockfileVersion ${String(lock["lockfileVersion"])} has no "packages" (npm 7 or later writes them)`)
  const packages = record(lock["packages"])
  const root = record(packages[""])
  const direct = keysOf(root["dependencies"], root["devDependencies"], root["optionalDependencies"], root["peerDependencies"])
  return Object.entries(packages).flatMap(([path, value]) => {
    const at = path.lastIndexOf("node_modules/")
    const described = record(value)
    const version = text(described["version"])
    if (at < 0 || described["link"] === true || version === undefined) return []
    const name = text(described["name"]) ?? path.slice(at + "node_modules/".length)
    const topLevel = at === 0 && !path.slice("node_modules/".length).includes("/node_modules/")
    return [npmEntry(name, version, topLevel && direct.has(name), text(described["license"]))]
  })
}

/** `name@version(peer@x)` or `/name@version`, or pnpm 5's `/name/version`: the name and the version. */
const pnpmKey = (key: string): { readonly name: string; readonly version: string } | undefined => {
  const bare = key.replace(/^\//, "").replace(/\(.*$/, "")
  const at = bare.lastIndexOf("@")
  if (at > 0) return { name: bare.slice(0, at), version: bare.slice(at + 1) }
  const slash = bare.lastIndexOf("/")
  return slash > 0 ? { name: bare.slice(0, slash), version: bare.slice(slash + 1) } : undefined
}

/** pnpm-lock.yaml (lockfile 5 to 9): `packages` by key; an importer's lists say what is direct. */
const pnpmLock: Reader = (content) => {
  const lock = record(parseYaml(content))
  const importers = Object.values(record(lock["importers"] ?? { ".": lock }))
  const direct = new Set(importers.flatMap((importer) => {
    const lists = ["dependencies", "devDependencies", "optionalDependencies"].map((list) => record(record(importer)[list]))
    return lists.flatMap((list) => Object.entries(list).map(([name, value]) => {
      const version = text(record(value)["version"]) ?? text(value) ?? ""
      return `${name}@${version.replace(/\(.*$/, "")}`
    }))
  }))
  return Object.keys(record(lock["packages"])).flatMap((key) => {
    const parsed = pnpmKey(key)
    if (parsed === undefined || !/^\d/.test(parsed.version)) return []
    return [npmEntry(parsed.name, parsed.version, direct.has(`${parsed.name}@${parsed.version}`))]
  })
}

/** The package name of a yarn.lock key: `@scope/name@^1.0.0` or `name@npm:^1.0.0`. */
const yarnName = (key: string) => {
  const at = key.indexOf("@", key.startsWith("@") ? 1 : 0)
  return at < 0 ? key : key.slice(0, at)
}

/**
 * yarn.lock: Yarn 1's own format (a block per package, its keys on one line, `version "1.2.3"`
 * indented), or Yarn 2 and later's YAML; package.json beside it says what is direct.
 */
const yarnLock: Reader = (content, sibling) => {
  const direct = packageJsonNames(sibling)
  if (content.includes("__metadata:")) {
    return Object.entries(record(parseYaml(content))).flatMap(([keys, value]) => {
      const version = text(record(value)["version"])
      const first = keys.split(",")[0]?.trim() ?? ""
      if (keys === "__metadata" || version === undefined || first.includes("@workspace:")) return []
      const name = yarnName(first)
      return [npmEntry(name, version, direct.has(name))]
    })
  }
  const entries: Array<InventoryEntry> = []
  let name: string | undefined
  for (const line of content.split("\n")) {
    if (/^\S.*:$/.test(line) && !line.startsWith("#")) name = yarnName(line.split(",")[0]!.trim().replace(/^"|"$/g, "").replace(/:$/, "").replace(/"$/, ""))
    const version = /^ {2}version "?([^"\s]+)"?$/.exec(line)?.[1]
    if (version !== undefined && name !== undefined) {
      entries.push(npmEntry(name, version, direct.has(name)))
      name = undefined
    }
  }
  return entries
}

/**
 * requirements*.txt: the pinned lines (`name==1.2.3`, extras and markers left aside; a range pins
 * nothing, and is left out). pip-compile writes `# via other` under a package another one brought
 * (transitive), `# via -r file` or `# via app (pyproject.toml)` under one the project asked for; a
 * requirement without such a comment is the project's own.
 */
const requirements: Reader = (content) => {
  const lines = content.split("\n")
  return lines.flatMap((line, index) => {
    const pinned = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s*===?\s*([^\s;#\\]+)/.exec(line)
    if (pinned === null) return []
    const comments: Array<string> = []
    for (let next = index + 1; next < lines.length && /^\s+#/.test(lines[next] ?? ""); next++) comments.push(lines[next]!.replace(/^\s*#\s*/, ""))
    // `via kombu`, or `via` then an item a line: packages, or what the project asked it in
    // (`-r requirements.in`, `-c constraints.txt`, `app (pyproject.toml)`, `app (setup.cfg)`).
    const items = comments[0]?.startsWith("via") === true ? [comments[0].slice(3).trim(), ...comments.slice(1)].filter((item) => item !== "") : []
    const askedFor = (item: string) => /^-[rc]\s/.test(item) || /\(.+\)$/.test(item)
    const transitive = items.length > 0 && !items.some(askedFor)
    return [entry("pypi", pinned[1]!, pinned[2]!, !transitive)]
  })
}

/** A PyPI name as names are compared (PEP 503). */
const pypiName = (name: string) => normalisedName("pypi", name)

/** The dependency names of a pyproject.toml: PEP 621's lists and Poetry's tables. */
const pyprojectNames = (sibling: Sibling) => {
  const manifest = sibling("pyproject.toml")
  if (manifest === undefined) return new Set<string>()
  const toml = record(parseToml(manifest))
  const project = record(toml["project"])
  const poetry = record(record(toml["tool"])["poetry"])
  const pep508 = [
    ...(Array.isArray(project["dependencies"]) ? project["dependencies"] : []),
    ...Object.values(record(project["optional-dependencies"])).flatMap((list) => (Array.isArray(list) ? list : []))
  ].flatMap((spec) => (typeof spec === "string" ? [/^[A-Za-z0-9._-]+/.exec(spec)?.[0] ?? ""] : []))
  const groups = Object.values(record(poetry["group"])).map((group) => record(record(group)["dependencies"]))
  return new Set(
    [...pep508, ...Object.keys(record(poetry["dependencies"])), ...Object.keys(record(poetry["dev-dependencies"])), ...groups.flatMap(Object.keys)]
      .filter((name) => name !== "" && name !== "python")
      .map(pypiName)
  )
}

/** poetry.lock: `[[package]]` tables; pyproject.toml beside it says what is direct. */
const poetryLock: Reader = (content, sibling) => {
  const direct = pyprojectNames(sibling)
  const packages = record(parseToml(content))["package"]
  return (Array.isArray(packages) ? packages : []).flatMap((value) => {
    const described = record(value)
    const name = text(described["name"])
    const version = text(described["version"])
    return name === undefined || version === undefined ? [] : [entry("pypi", name, version, direct.has(pypiName(name)))]
  })
}

/** Pipfile.lock: `default` and `develop` by name, each `"version": "==1.2.3"`; the Pipfile beside it says what is direct. */
const pipfileLock: Reader = (content, sibling) => {
  const lock = record(JSON.parse(content))
  const pipfile = sibling("Pipfile")
  const direct = pipfile === undefined ? new Set<string>() : (() => {
    const toml = record(parseToml(pipfile))
    return new Set([...keysOf(toml["packages"], toml["dev-packages"])].map(pypiName))
  })()
  return ["default", "develop"].flatMap((section) =>
    Object.entries(record(lock[section])).flatMap(([name, value]) => {
      const version = text(record(value)["version"])?.replace(/^===?/, "")
      return version === undefined ? [] : [entry("pypi", name, version, direct.has(pypiName(name)))]
    }))
}

/** go.mod: every `require`d module at its version; `// indirect` marks one only another needs. */
const goMod: Reader = (content) => {
  const entries: Array<InventoryEntry> = []
  let inBlock = false
  for (const raw of content.split("\n")) {
    const line = raw.trim()
    if (/^require\s*\($/.test(line)) inBlock = true
    else if (inBlock && line === ")") inBlock = false
    const spec = inBlock ? line : /^require\s+(.*)$/.exec(line)?.[1]
    const parsed = spec === undefined ? null : /^(\S+)\s+(v\S+)(.*)$/.exec(spec)
    if (parsed === null) continue
    const [, path = "", version = "", rest = ""] = parsed
    entries.push(entry("golang", path, version, !/\/\/\s*indirect/.test(rest), undefined, goParts(path)))
  }
  return entries
}

/** Cargo.lock: `[[package]]` tables from a registry or git (the workspace's own crates have no `source`); Cargo.toml beside it says what is direct. */
const cargoLock: Reader = (content, sibling) => {
  const manifest = sibling("Cargo.toml")
  const toml = manifest === undefined ? {} : record(parseToml(manifest))
  const direct = keysOf(toml["dependencies"], toml["dev-dependencies"], toml["build-dependencies"], record(toml["workspace"])["dependencies"])
  const packages = record(parseToml(content))["package"]
  return (Array.isArray(packages) ? packages : []).flatMap((value) => {
    const described = record(value)
    const name = text(described["name"])
    const version = text(described["version"])
    if (name === undefined || version === undefined || described["source"] === undefined) return []
    return [entry("cargo", name, version, direct.has(name))]
  })
}

/** Gemfile.lock: the gems under `specs:` (four spaces, `name (version)`), `DEPENDENCIES` the direct ones. */
const gemfileLock: Reader = (content) => {
  const lines = content.split("\n")
  const dependencies = lines.indexOf("DEPENDENCIES")
  const direct = new Set<string>()
  for (let index = dependencies + 1; dependencies >= 0 && index < lines.length && lines[index]!.startsWith("  "); index++) {
    direct.add(lines[index]!.trim().split(/[\s!(]/)[0] ?? "")
  }
  return lines.flatMap((line) => {
    const gem = /^ {4}([^\s(]+) \(([^)]+)\)$/.exec(line)
    if (gem === null) return []
    // A platform-specific gem is `nokogiri (1.16.0-x86_64-linux)`: the version is before the platform.
    const version = gem[2]!.split("-")[0]!
    return [entry("gem", gem[1]!, version, direct.has(gem[1]!))]
  })
}

/** composer.lock: `packages` and `packages-dev` with their licences; composer.json beside it says what is direct. */
const composerLock: Reader = (content, sibling) => {
  const lock = record(JSON.parse(content))
  const manifest = sibling("composer.json")
  const json = manifest === undefined ? {} : record(JSON.parse(manifest))
  const direct = new Set([...keysOf(json["require"], json["require-dev"])].map((name) => name.toLowerCase()))
  return ["packages", "packages-dev"].flatMap((section) => {
    const list = lock[section]
    return (Array.isArray(list) ? list : []).flatMap((value) => {
      const described = record(value)
      const name = text(described["name"])
      const version = text(described["version"])?.replace(/^v(?=\d)/, "")
      if (name === undefined || version === undefined) return []
      const licences = Array.isArray(described["license"]) ? described["license"].filter((l): l is string => typeof l === "string") : []
      const [vendor = "", packageName = name] = name.split("/")
      return [entry("composer", name, version, direct.has(name.toLowerCase()), licences.length > 0 ? licences.join(" OR ") : undefined, { namespace: vendor, name: packageName })]
    })
  })
}

const nameOf = (path: string) => path.slice(path.lastIndexOf("/") + 1)

/** The lockfiles read, by path; a requirements file by its name, or as any `.txt` of a `requirements/` folder (pip-compile's layout). */
const readers: ReadonlyArray<readonly [(path: string) => boolean, Reader]> = [
  [(path) => nameOf(path) === "package-lock.json" || nameOf(path) === "npm-shrinkwrap.json", npmLock],
  [(path) => nameOf(path) === "pnpm-lock.yaml", pnpmLock],
  [(path) => nameOf(path) === "yarn.lock", yarnLock],
  [(path) => /(^|\/)requirements[^/]*\.txt$/.test(path) || /(^|\/)requirements\/[^/]+\.txt$/.test(path), requirements],
  [(path) => nameOf(path) === "poetry.lock", poetryLock],
  [(path) => nameOf(path) === "Pipfile.lock", pipfileLock],
  [(path) => nameOf(path) === "go.mod", goMod],
  [(path) => nameOf(path) === "Cargo.lock", cargoLock],
  [(path) => nameOf(path) === "Gemfile.lock", gemfileLock],
  [(path) => nameOf(path) === "composer.lock", composerLock]
]

/** Whether a file's name is one of the lockfiles (or manifests, for Go) read. */
export const isLockfile = (path: string): boolean => readers.some(([matches]) => matches(path))

/**
 * The dependencies a lockfile pins, or why it cannot be read (not the format its name says, or a
 * version of it that does not list packages); undefined for a file that is no lockfile.
 */
export const readLockfile = (path: string, content: string, sibling: Sibling): Either.Either<ReadonlyArray<InventoryEntry>, string> | undefined => {
  const reader = readers.find(([matches]) => matches(path))?.[1]
  if (reader === undefined) return undefined
  return Either.try({ try: () => reader(content, sibling), catch: (error) => (error instanceof Error ? error.message : String(error)) })
}
