import { type Pattern, ToolDefinitions } from "@tidemark/core"
import { Schema } from "effect"
import { pylintPatternSeverity } from "../src/ToolHeads.js"
import { json, type ToolSource } from "./CatalogueFiles.js"
// Pylint publishes no estimate either: its patterns take the same default as ESLint's.
import { defaultTimeToFix } from "./EslintCatalogue.js"
import type { PylintMessage } from "./PylintMessages.js"

/**
 * The Pylint tool of the catalogue, generated from Pylint's own listing of its messages
 * (PylintMessages.ts) at the release Tidemark runs: a pattern per message id (`PyLint_W0102`),
 * titled by its symbol's words, described by Pylint's description. A second Python tool beside
 * Ruff, off by default for repositories (Ruff is the one on): a team that wants Pylint's inference
 * (calls with the wrong arguments, members that do not exist) turns it on.
 */

type ToolEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.ToolDefinition>
type PatternEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.CataloguePattern>

/** Debian 12's package, which `scripts/install-analysers.sh` installs: the release the patterns are read from. */
export const pylintRelease = "2.16.2"

export const pylintTool: Omit<ToolEncoded, "patterns"> = {
  // The original service's uuid for its Pylint tool was not found in any public source: this one is
  // Tidemark's own, fixed here so that configurations carry over.
  uuid: "8d2f6b1a-4c97-4e35-a0d8-3f5e9c1b7a64",
  name: "PyLint",
  patternPrefix: "PyLint_",
  family: "pylint",
  isClientSide: false,
  languages: ["Python"],
  // Ruff is the Python tool on by default; two tools reporting the same unused import twice is noise.
  enabledByDefault: false,
  // Read as INI/TOML data, their `enable`/`disable` and `ignore` options only: `init-hook` and
  // `load-plugins` would run the repository's Python (docs/analysis-tools.md).
  configurationFiles: [".pylintrc", "pylintrc", "pyproject.toml", "setup.cfg"],
  readableConfigurationFiles: [".pylintrc", "pylintrc", "pyproject.toml", "setup.cfg"]
}

export const pylintPatternId = (id: string): string => `${pylintTool.patternPrefix}${id}`

/** Messages that are about the code's safety, whatever their kind. */
const security: ReadonlySet<string> = new Set(["W0122", "W0123", "W1510", "W1514"])

export const pylintCategory = (message: PylintMessage): Pattern.Category => {
  if (security.has(message.id)) return "Security"
  if (/^unused-|^unreachable$|^pointless-/.test(message.symbol)) return "UnusedCode"
  if (/^too-many-|^too-few-/.test(message.symbol)) return "Complexity"
  if (message.symbol.startsWith("missing-") && message.symbol.endsWith("docstring")) return "Documentation"
  switch (message.id.charAt(0)) {
    case "E":
    case "F":
    case "W":
      return "ErrorProne"
    case "R":
      return "BestPractice"
    default:
      return "CodeStyle"
  }
}

/**
 * Errors Pylint reports that are off by default here, each with why: they depend on what the
 * checkout does not hold (its dependencies, never installed by Tidemark) or on Pylint's inference of
 * dynamic code, and would flag working code.
 */
export const pylintOffByDefault: ReadonlyMap<string, string> = new Map([
  ["E0401", "import-error: a dependency the checkout does not install (Tidemark never installs one) is not an error of the code"],
  ["E0611", "no-name-in-module: as import-error, a name of a module that is not installed"],
  ["E1101", "no-member: members made at run time (C extensions, decorators, `__getattr__`, ORMs) Pylint's inference cannot see"],
  ["E1102", "not-callable: inference of dynamic code (a property returning a function, a decorated class)"],
  ["E1120", "no-value-for-parameter: a decorator that supplies the argument (click, pytest fixtures) is invisible to it"],
  ["E1123", "unexpected-keyword-arg: as no-value-for-parameter, decorators and `**kwargs` forwarding"],
  ["E1133", "not-an-iterable: inference of values made at run time"],
  ["E1135", "unsupported-membership-test: inference of values made at run time"],
  ["E1136", "unsubscriptable-object: inference of values made at run time (a `None` default replaced later)"],
  ["E1137", "unsupported-assignment-operation: as unsubscriptable-object"],
  ["E0213", "no-self-argument: a decorator (SQLAlchemy's `hybrid_property`, pydantic's validators) that makes the first argument the class"],
  ["E1111", "assignment-from-no-return: a function overridden in a subclass, whose base returns nothing"],
  ["E1128", "assignment-from-none: as assignment-from-no-return"],
  ["E0704", "misused-bare-raise: a helper called from an `except` clause re-raises with a bare `raise`, which Python allows (httpie's error handler)"],
  ["E0202", "method-hidden: a method replaced by an attribute on purpose (Django's cached_property, copied by httpie)"],
  ["E0241", "duplicate-bases: astroid 2.14 reads subscripted generics (`ParamType[T], Generic[T]`) as the same base twice: 8 of 8 on click"],
  [
    "E0102",
    "function-redefined: tests that define `cmd` again for each case (click: 5 of 5) and a platform's override kept on purpose (requests' `proxy_bypass  # noqa`); Ruff's F811 reports real redefinitions"
  ]
])

/**
 * Warnings on by default: each a fault, not a taste, on any Python. Not pointless-statement
 * (W0104): an attribute read for its side effect or to check it exists (`r.content` to consume a
 * response, a test's `requests.packages.urllib3`) is what it flags: 13 of 13 read on requests. Nor
 * cell-var-from-loop (W0640): a decorator's argument inside a loop is read at once (click's tests:
 * 2 of 2). Nor dangerous-default-value (W0102): it flags any list or dict a default is bound to,
 * read-only ones too (httpie's `args=sys.argv`, a palette dict: 5 of 5 read never mutated); Ruff's
 * B006, on by default, reports the literal `[]` and `{}` defaults.
 */
export const pylintWarningsOn: ReadonlySet<string> = new Set([
  "W0101", // unreachable
  "W0109", // duplicate-key
  "W0120", // useless-else-on-loop
  "W0124", // confusing-with-statement
  "W0143", // comparison-with-callable
  "W0150", // lost-exception
  "W0199", // assert-on-tuple
  "W0601", // global-variable-undefined
  "W0631", // undefined-loop-variable
  "W0705", // duplicate-except
  "W0706", // try-except-raise
  "W1300", // bad-format-string-key
  "W1301", // unused-format-string-key
  "W1302", // bad-format-string
  "W1303", // missing-format-argument-key
  "W1304", // unused-format-string-argument
  "W1305", // format-combined-specification
  "W1306", // missing-format-attribute
  "W1307", // invalid-format-index
  "W1308", // duplicate-string-formatting-argument
  "W1309", // f-string-without-interpolation
  "W3301" // nested-min-max
])

/** On by default here: errors and fatals less those measured as noise, and the warnings named above. */
export const onByDefault = (message: PylintMessage): boolean =>
  (/^[EF]/.test(message.id) && !pylintOffByDefault.has(message.id)) || pylintWarningsOn.has(message.id)

const titleOf = (message: PylintMessage): string => {
  const words = message.symbol.replaceAll("-", " ")
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`
}

const patternOf = (message: PylintMessage): PatternEncoded => {
  const severity = pylintPatternSeverity(message.id)
  return {
    definition: {
      id: pylintPatternId(message.id),
      title: titleOf(message),
      category: pylintCategory(message),
      level: severity,
      severityLevel: severity,
      description: message.description === "" ? message.template : message.description,
      explanation: `Pylint's message ${message.symbol} (${message.id}): https://pylint.readthedocs.io/en/v${pylintRelease}/user_guide/messages/`,
      enabled: onByDefault(message),
      languages: [...pylintTool.languages],
      timeToFix: defaultTimeToFix,
      parameters: [],
      tags: [message.symbol, ...(message.emittable ? [] : ["not-emittable"])]
    },
    recommended: onByDefault(message)
  }
}

/** The listed messages (information messages left out: they are about Pylint's run, not the code), in id order. */
export const toPylintTool = (messages: ReadonlyArray<PylintMessage>): ToolEncoded => {
  const patterns = messages
    .filter((message) => !message.id.startsWith("I"))
    .map(patternOf)
    .sort((a, b) => (a.definition.id < b.definition.id ? -1 : a.definition.id > b.definition.id ? 1 : 0))
  const tool = { ...pylintTool, patterns }
  // Never write a file the catalogue would then refuse to load.
  Schema.decodeUnknownSync(ToolDefinitions.ToolDefinition)(tool)
  return tool
}

export const pylintSource: ToolSource = { tool: pylintTool.name, packages: { pylint: pylintRelease } }

export const pylintFile = (tool: ToolEncoded): readonly [string, string] => ["src/data/pylint.json", json(tool)]
