import { type Pattern, ToolDefinitions } from "@tidemark/core"
import { Schema } from "effect"
import { rubocopPatternSeverity } from "../src/ToolHeads.js"
import { json, type ToolSource } from "./CatalogueFiles.js"
// RuboCop publishes no estimate either: its patterns take the same default as ESLint's.
import { defaultTimeToFix } from "./EslintCatalogue.js"
import type { RubocopCop, RubocopCopList } from "./RubocopCops.js"

/**
 * The RuboCop tool of the catalogue, generated from RuboCop's own listing of its cops (`rubocop
 * --show-cops`, RubocopCops.ts) at the release Tidemark runs. A pattern's title and description
 * are the cop's description, its explanation the Ruby style guide's section where the cop names one.
 */

type ToolEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.ToolDefinition>
type PatternEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.CataloguePattern>

/** Debian 12's package, which `scripts/install-analysers.sh` installs: the release the patterns are read from. */
export const rubocopRelease = "1.39.0"

export const rubocopTool: Omit<ToolEncoded, "patterns"> = {
  // The original service's uuid for its RuboCop tool was not found in any public source (nor in
  // the spec's data): this one is Tidemark's own, fixed here so that configurations carry over.
  uuid: "5a3b8e1c-7d24-4f69-b0e2-91c6d4f8a372",
  name: "RuboCop",
  patternPrefix: "RuboCop_",
  family: "rubocop",
  isClientSide: false,
  languages: ["Ruby"],
  enabledByDefault: true,
  // A `.rubocop.yml` is read as data (the analysis strips what would run code or reach the
  // network: `require`, `inherit_gem`, remote `inherit_from`; docs/analysis-tools.md).
  configurationFiles: [".rubocop.yml"],
  readableConfigurationFiles: [".rubocop.yml"]
}

export const rubocopPatternId = (name: string): string => `${rubocopTool.patternPrefix}${name}`

/** The severity RuboCop reports a cop's offences with unless configured: its own, else its department's (a Lint cop's is warning). */
export const rubocopSeverityOf = (cop: RubocopCop): string => cop.severity ?? (cop.name === "Lint/Syntax" ? "fatal" : cop.department === "Lint" ? "warning" : "convention")

/** Cops that are about the project's dependencies or safety rather than its style, outside Lint and Security. */
const categoryExceptions: ReadonlyMap<string, Pattern.Category> = new Map([
  ["Bundler/InsecureProtocolSource", "Security"],
  ["Bundler/DuplicatedGem", "ErrorProne"],
  ["Gemspec/DuplicatedAssignment", "ErrorProne"]
])

export const rubocopCategory = (cop: RubocopCop): Pattern.Category => {
  const exception = categoryExceptions.get(cop.name)
  if (exception !== undefined) return exception
  switch (cop.department) {
    case "Security":
      return "Security"
    case "Lint":
      // Values never used and code never reached are UnusedCode, as Cppcheck's dead code is.
      return /^Lint\/(?:Unused|Useless|Unreachable)/.test(cop.name) ? "UnusedCode" : "ErrorProne"
    case "Metrics":
      return "Complexity"
    case "Performance":
      return "Performance"
    default:
      // Style, Layout, Naming, Bundler, Gemspec, Migration: how the code is written.
      return "CodeStyle"
  }
}

/**
 * Cops of Lint and Security that RuboCop enables and that are off by default here, each with why:
 * measured on healthy repositories (docs/real-repositories.md), or about RuboCop's own comments
 * rather than the code.
 */
export const rubocopOffByDefault: ReadonlyMap<string, string> = new Map([
  ["Lint/RedundantCopDisableDirective", "a `rubocop:disable` comment for a cop this run does not run (the repository's configuration enables it) is not redundant"],
  [
    "Lint/UnusedBlockArgument",
    "an argument a block must take to be called (Rack's `lambda { |env| … }`, `select { |k, v| … }` using one of the two): 274 of rack's 445 findings, none of 12 read a fault"
  ],
  ["Lint/UnusedMethodArgument", "as Lint/UnusedBlockArgument: a method keeps the arguments of the interface it implements (rack's `on_send(req, res)`)"],
  ["Lint/AssignmentInCondition", "`if match = pattern.match(line)` is idiomatic Ruby, written on purpose: all 63 of rack's (6 read)"],
  ["Lint/ConstantDefinitionInBlock", "a class a test defines inside its `describe` or `it` block (48 on sinatra, rack and jekyll, all in tests of the 14 read)"],
  ["Lint/AmbiguousBlockAssociation", "RSpec's `expect { … }.to change { … }` and calls Ruby binds as written (all 4 read)"],
  ["Lint/SuppressedException", "a `rescue` that ignores what it expects (a process already gone, an end of file): all 3 read on purpose"],
  ["Lint/MissingSuper", "a subclass that does not want its parent's state (jekyll's converters and drops): all 6 read on purpose"],
  ["Lint/ScriptPermission", "a file's mode, which a checkout need not keep, not its code"],
  ["Lint/ShadowingOuterLocalVariable", "a block's argument named as a variable outside it (`body = lint(app) { |body| … }`): harmless, all 12 read"],
  ["Lint/UnreachableLoop", "a test's loop that must not run (`cookies.each { fail }`) or that raises on its first pass on purpose: all 5 read"],
  [
    "Lint/RescueException",
    "a framework's error boundary or a clean-up that raises again (sinatra's dispatch, rack's tempfile reaper): 6 of 8 read on purpose; sinatra's own configuration turns it off"
  ],
  ["Lint/RaiseException", "tests raising Exception on purpose, to check it is not caught (rack's lock tests: 2 of 2)"],
  ["Lint/InheritException", "an exception meant to pass `rescue => e` (rack's ForwardRequest): a design choice"],
  ["Lint/NonLocalExitFromIterator", "a method's early `return` from inside `each`, written on purpose (rack's lint)"],
  ["Lint/EmptyWhen", "a `when` that chooses to do nothing for those values (rack's sendfile): a design choice"],
  ["Lint/FloatComparison", "a comparison with a literal float that is exact where it is made (rack's `q == 0.0` of a parsed quality value)"],
  ["Lint/NestedMethodDefinition", "a singleton method a test defines on an object (`def @h.foo`): all 3 of rack's"],
  ["Lint/InterpolationCheck", "`'#{…}'` in single quotes for a template engine that interpolates it later (sinatra's `:str` layouts): all 3 read"],
  ["Lint/LiteralAsCondition", "`case true` with conditions in its `when`s, an idiom: all 4 read (sinatra's vendored okjson)"],
  [
    "Lint/BinaryOperatorWithIdenticalOperands",
    "a test of an operator itself (rake's `assert t1 == t1`, checking its time patch leaves `==` alone): 2 of 2 read on purpose; RuboCop marks it unsafe"
  ],
  ["Lint/LiteralInInterpolation", "a test's expected message spelling a literal as this Ruby prints it (thor's `\"got #{{loud: true}}\"`, whose form Ruby 3.4 changed): 2 of 2 read"]
])

/** On by default here: the Lint and Security cops RuboCop itself enables, less those measured as noise. */
export const onByDefault = (cop: RubocopCop): boolean =>
  (cop.department === "Lint" || cop.department === "Security") && cop.enabled === "true" && !rubocopOffByDefault.has(cop.name)

const tags = (cop: RubocopCop): ReadonlyArray<string> => [
  rubocopSeverityOf(cop),
  cop.department,
  ...(cop.enabled === "pending" ? ["pending"] : []),
  ...(cop.safe ? [] : ["unsafe"])
]

const explanationOf = (cop: RubocopCop): string =>
  cop.styleGuide === undefined
    ? `RuboCop's cop ${cop.name} (rubocop --show-cops lists its cops).`
    : `The Ruby style guide: https://rubystyle.guide${cop.styleGuide}`

export const toRubocopPattern = (cop: RubocopCop): PatternEncoded => {
  const severity = rubocopPatternSeverity(cop.name)
  return {
    definition: {
      id: rubocopPatternId(cop.name),
      title: cop.description,
      category: rubocopCategory(cop),
      level: severity,
      severityLevel: severity,
      description: cop.description,
      explanation: explanationOf(cop),
      enabled: onByDefault(cop),
      languages: [...rubocopTool.languages],
      timeToFix: defaultTimeToFix,
      parameters: [],
      tags: tags(cop)
    },
    recommended: cop.enabled === "true"
  }
}

/** The listing is of another release than the one Tidemark runs. */
export class RubocopReleaseMismatch extends Schema.TaggedError<RubocopReleaseMismatch>()("RubocopReleaseMismatch", {
  listed: Schema.String,
  expected: Schema.String
}) {}

/** The listed cops, in name order. */
export const toRubocopTool = (list: RubocopCopList): ToolEncoded => {
  if (list.version !== rubocopRelease) throw new RubocopReleaseMismatch({ listed: list.version, expected: rubocopRelease })
  const patterns = list.cops.map(toRubocopPattern).sort((a, b) => (a.definition.id < b.definition.id ? -1 : a.definition.id > b.definition.id ? 1 : 0))
  const tool = { ...rubocopTool, patterns }
  // Never write a file the catalogue would then refuse to load.
  Schema.decodeUnknownSync(ToolDefinitions.ToolDefinition)(tool)
  return tool
}

export const rubocopSource: ToolSource = { tool: rubocopTool.name, packages: { rubocop: rubocopRelease } }

export const rubocopFile = (tool: ToolEncoded): readonly [string, string] => ["src/data/rubocop.json", json(tool)]
