import { Either } from "effect"
import { readdirSync } from "node:fs"
import { join } from "node:path"
import { parseYaml } from "../YamlText.js"
import { readIfThere } from "./GoFiles.js"

/**
 * The oldest Go a repository says it supports where its go.mod does not say (no go.mod, written
 * before modules, or one without a `go` line), for Staticcheck's `-go`: the version its advice is
 * for. Left to itself, Staticcheck then targets the installed Go and gives advice those releases
 * cannot follow: `for range x` for `for _ = range x` (Go 1.4), `io.ReadAll` for `io/ioutil` (Go
 * 1.16), on go-metrics, whose CI builds with Go 1.3 to 1.15, and go-spew and snappy. Staticcheck's
 * own documentation: the target is the oldest version of Go the code supports.
 *
 * Read, as data, from the CI configurations at the checkout's root: `.travis.yml`'s `go:` list and
 * the `go-version:` (or `go:`) values of `.github/workflows/*.yml`, their build matrices included
 * (`1.13`, `"1.20.x"`, `1.21.3`; `tip`, `stable` and `${{ matrix.go }}` name no version). The
 * oldest `1.N` found, undefined when none is.
 */

const goKeys: ReadonlySet<string> = new Set(["go", "go-version", "go_version"])

const minorOf = (value: unknown): number | undefined => {
  if (typeof value !== "string" && typeof value !== "number") return undefined
  const match = /^1\.(\d+)(?:\.(?:\d+|x))?$/.exec(String(value).trim())
  return match === null ? undefined : Number(match[1])
}

/** The Go versions named under a `go`, `go-version` or `go_version` key anywhere in a parsed document. */
const versionsIn = (data: unknown, underGoKey = false): ReadonlyArray<number> => {
  if (Array.isArray(data)) return data.flatMap((item) => versionsIn(item, underGoKey))
  if (typeof data === "object" && data !== null) {
    return Object.entries(data).flatMap(([key, value]) => versionsIn(value, goKeys.has(key)))
  }
  const minor = underGoKey ? minorOf(data) : undefined
  return minor === undefined ? [] : [minor]
}

// YAML reads `1.10` as the number 1.1: the CI files' versions are read as the text they are.
const asText = (content: string): string => content.replace(/(:\s*|-\s+|[[,]\s*)(1\.\d+(?:\.\d+)?)(?=\s*(?:$|[\],#]))/gm, "$1\"$2\"")

const workflowsOf = (root: string): ReadonlyArray<string> => {
  try {
    return readdirSync(join(root, ".github", "workflows")).filter((name) => /\.ya?ml$/.test(name)).map((name) => join(root, ".github", "workflows", name))
  } catch {
    return []
  }
}

/** The oldest Go version (`1.N`) the checkout's CI configurations build with, if they name one. */
export const statedGoVersion = (root: string): string | undefined => {
  // Read once per analysis and module at most: two small files, usually none.
  const versions = [join(root, ".travis.yml"), ...workflowsOf(root)].flatMap((path) => {
    const content = readIfThere(path)
    const parsed = content === undefined ? undefined : parseYaml(asText(content))
    return parsed === undefined || Either.isLeft(parsed) ? [] : versionsIn(parsed.right)
  })
  return versions.length === 0 ? undefined : `1.${Math.min(...versions)}`
}
