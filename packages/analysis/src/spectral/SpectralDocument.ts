import { Either, Predicate } from "effect"
import { parseJsonc } from "../JsoncText.js"
import type { SourceFile } from "../SourceTree.js"

/**
 * Which files Spectral lints: OpenAPI (Swagger) and AsyncAPI documents, YAML or JSON files whose
 * top level names the specification and its version (`openapi: 3.1.0`, `swagger: "2.0"`,
 * `asyncapi: 2.6.0`). The version is asked for too: a settings file with a `swagger:` section is
 * not an API document, and Spectral would only say it does not recognise it.
 */

const yamlPath = /\.ya?ml$/i
const jsonPath = /\.json$/i

// At the first column only: a key of the top-level mapping, quoted or not, with a version after it.
const yamlDocument = /^(["']?)(?:openapi|asyncapi)\1[ \t]*:[ \t]*["']?[23]\.\d|^(["']?)swagger\2[ \t]*:[ \t]*["']?2\.0/m

// A cheap look before parsing: most JSON files of a repository (package.json, lock files) have no such key.
const jsonKey = /"(?:openapi|swagger|asyncapi)"\s*:/

const versionOf = (value: unknown): string | undefined =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined

const isJsonDocument = (content: string): boolean => {
  if (!jsonKey.test(content)) return false
  // Spectral's JSON parser takes comments and trailing commas: a document written so is one.
  const parsed = parseJsonc(content)
  if (Either.isLeft(parsed) || !Predicate.isRecord(parsed.right) || Array.isArray(parsed.right)) return false
  const top = parsed.right
  return /^[23]\./.test(versionOf(top["openapi"]) ?? "") || /^[23]\./.test(versionOf(top["asyncapi"]) ?? "") || versionOf(top["swagger"]) === "2.0"
}

export const isYamlPath = (path: string): boolean => yamlPath.test(path)

/**
 * A folder of tests' inputs: the repositories of OpenAPI tools (generators, validators, Spectral
 * itself) keep hundreds of documents there, many invalid on purpose. They are not the repository's
 * API; a document elsewhere may still `$ref` a file in them.
 */
const testInputs = /(?:^|\/)(?:tests?|__tests__|testdata|test[-_]data|test[-_]fixtures|fixtures?|__fixtures__)\//i

/** Whether the file is an API document Spectral lints. */
export const takesApiDocument = (file: SourceFile): boolean =>
  !testInputs.test(file.path) &&
  (yamlPath.test(file.path) ? yamlDocument.test(file.content) : jsonPath.test(file.path) && isJsonDocument(file.content))
