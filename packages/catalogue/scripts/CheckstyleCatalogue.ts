import { type Pattern, ToolDefinitions } from "@tidemark/core"
import { Schema } from "effect"
import { json, type ToolSource } from "./CatalogueFiles.js"
import type { CheckstyleListing, CheckstyleModule } from "./CheckstyleChecks.js"
// Checkstyle publishes no estimate either: its patterns take the same default as ESLint's.
import { defaultTimeToFix } from "./EslintCatalogue.js"

/**
 * The Checkstyle tool of the catalogue, generated from Checkstyle's own listing of its checks (the
 * metadata its jar holds, CheckstyleChecks.ts) at the release Tidemark runs. A pattern's id is the
 * check's module name as a configuration writes it (`Checkstyle_EmptyBlock` for
 * `<module name="EmptyBlock"/>`, the class `EmptyBlockCheck`), its title and description the first
 * sentence and paragraph of the check's Javadoc. The filters are not patterns (they report
 * nothing): they are kept, with every check, in the list of modules an analysis may write into the
 * configuration it gives Checkstyle (`checkstyle-modules.json`).
 */

type ToolEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.ToolDefinition>
type PatternEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.CataloguePattern>

/** Debian 12's package, which `scripts/test-tools.sh` installs: the release the patterns are read from. */
export const checkstyleRelease = "8.36.1"

/** Where a repository keeps its configuration: at its root, where Gradle's plug-in looks by default, or where projects put it (Apache Commons' `src/conf`). */
export const checkstyleConfigurationFiles: ReadonlyArray<string> = [
  "checkstyle.xml",
  "config/checkstyle/checkstyle.xml",
  "config/checkstyle.xml",
  "checkstyle/checkstyle.xml",
  "src/checkstyle/checkstyle.xml",
  "src/conf/checkstyle.xml",
  "src/main/config/checkstyle.xml"
]

export const checkstyleTool: Omit<ToolEncoded, "patterns"> = {
  // The original service's uuid for its Checkstyle tool was not found in any public source: this
  // one is Tidemark's own, fixed here so that configurations carry over.
  uuid: "8e2f4c71-0b9d-4a36-a5e8-3c7d19f26b04",
  name: "Checkstyle",
  patternPrefix: "Checkstyle_",
  family: "checkstyle",
  isClientSide: false,
  languages: ["Java"],
  enabledByDefault: true,
  // A Checkstyle configuration is XML data, read as such and written again for Checkstyle (no
  // DTD, entity or file of the checkout read by Checkstyle; docs/analysis-tools.md).
  configurationFiles: [...checkstyleConfigurationFiles],
  readableConfigurationFiles: [...checkstyleConfigurationFiles]
}

export const checkstylePatternId = (name: string): string => `${checkstyleTool.patternPrefix}${name}`

/** Checks whose finding is a likely fault in the program, not in its writing. */
const errorProne: ReadonlySet<string> = new Set([
  "AvoidDoubleBraceInitialization",
  "CovariantEquals",
  "DefaultComesLast",
  "EmptyBlock",
  "EmptyCatchBlock",
  "EmptyStatement",
  "EqualsAvoidNull",
  "EqualsHashCode",
  "FallThrough",
  "HiddenField",
  "IllegalCatch",
  "IllegalThrows",
  "InnerAssignment",
  "MissingDeprecated",
  "MissingOverride",
  "MissingSwitchDefault",
  "ModifiedControlVariable",
  "MutableException",
  "NoClone",
  "NoFinalizer",
  "OuterTypeFilename",
  "PackageDeclaration",
  "ParameterAssignment",
  "StringLiteralEquality",
  "SuperClone",
  "SuperFinalize",
  "UniqueProperties",
  "UpperEll"
])

/** Checks whose finding is code that does nothing. */
const unusedCode: ReadonlySet<string> = new Set([
  "RedundantImport",
  "UnusedImports",
  "UnnecessarySemicolonAfterOuterTypeDeclaration",
  "UnnecessarySemicolonAfterTypeMemberDeclaration",
  "UnnecessarySemicolonInEnumeration",
  "UnnecessarySemicolonInTryWithResources"
])

export const checkstyleCategory = (module: CheckstyleModule): Pattern.Category => {
  if (errorProne.has(module.name)) return "ErrorProne"
  if (unusedCode.has(module.name)) return "UnusedCode"
  switch (module.group) {
    case "metrics":
    case "sizes":
      return "Complexity"
    case "javadoc":
      return "Documentation"
    case "design":
    case "annotation":
      return "BestPractice"
    case "coding":
      return /^Simplify|^Nested|Unnecessary/.test(module.name) ? "Comprehensibility" : "CodeStyle"
    default:
      // naming, whitespace, blocks, imports, modifier, indentation, header, regexp, misc: how the code is written.
      return "CodeStyle"
  }
}

/** A likely fault is a warning; a structure that hides one (an empty catch) too; the rest advice. */
export const checkstyleSeverity = (module: CheckstyleModule): Pattern.SeverityLevel => (errorProne.has(module.name) ? "Warning" : "Info")

/**
 * Checks whose finding is a fault (or code that does nothing) on any Java, whatever the team's
 * style: the candidates for the defaults. Not the formatting, naming, Javadoc, size and
 * import-order checks of sun_checks.xml and google_checks.xml: teams argue over them, and a
 * repository's own configuration turns them on.
 */
const faultChecks: ReadonlyArray<string> = [
  "AvoidDoubleBraceInitialization",
  "CovariantEquals",
  "DefaultComesLast",
  "EmptyCatchBlock",
  "EmptyStatement",
  "EqualsHashCode",
  "FallThrough",
  "InnerAssignment",
  "MissingDeprecated",
  "ModifiedControlVariable",
  "NoFinalizer",
  "OuterTypeFilename",
  "PackageDeclaration",
  "RedundantImport",
  "StringLiteralEquality",
  "SuperClone",
  "SuperFinalize",
  "UnusedImports",
  "UpperEll"
]

/**
 * Candidates measured as noise on healthy repositories (docs/real-repositories.md: javapoet, gson,
 * commons-lang, junit4, commons-io, guice, auto, commons-collections), off by default here, each with why.
 */
export const checkstyleOffByDefault: ReadonlyMap<string, string> = new Map([
  ["EmptyCatchBlock", "a test's `catch (IllegalArgumentException expected) {}` after the call that must throw, or a `catch (Exception ignored)`: all 24 of javapoet's on purpose"],
  ["InnerAssignment", "`a = b = c` and `parseInt(date, offset, offset += 4)`, written on purpose: 22 of gson's and 7 of commons-lang's, none a fault of the 15 read"],
  ["ModifiedControlVariable", "a loop that skips ahead (`i++` over a surrogate pair, `++i` past an escape): 16 on gson and commons-lang, all on purpose of the 9 read"],
  ["MissingDeprecated", "a test of a deprecated class marked `@Deprecated` without Javadoc, and Javadoc parse errors reported under it: 21 of commons-lang's, none a fault of the 9 read"],
  ["OuterTypeFilename", "a second, package-private type in a test's file (`enum Enum64` in EnumUtilsTest.java), which Java allows: 2 of 2 read"],
  ["SuperClone", "a final class whose clone() builds its copy (javapoet's NameAllocator, commons-lang's ImmutableTimeZone): 4 found, all in final classes"],
  ["PackageDeclaration", "a test that must sit in the default package (javapoet's ClassNameNoPackageTest): 1 of 1 on purpose"],
  ["EmptyStatement", "a loop whose body is its condition (`while (in.read() != -1) ;`, a test's `for (;;) ;` waiting for its timeout): all 5 of junit4's on purpose"],
  ["AvoidDoubleBraceInitialization", "guice's `new ServletModule() {{ serve(…) }}`, the idiom its tests configure a module with: 1 of 1 on purpose"],
  [
    "EqualsHashCode",
    "a class whose equals another writes (AutoValue generates it: 3 of google/auto's tests), or a subclass that narrows its parent's equals and keeps its consistent hashCode (guice's InterfaceNode): 4 of 4 on purpose"
  ],
  [
    "FallThrough",
    "an unrolled loop falling through its cases on purpose, said by a `// drop through` on the switch, not where Checkstyle looks for it: all 26 of commons-collections' (Flat3Map)"
  ],
  ["DefaultComesLast", "a `default` before other cases is legal and sometimes clearest: a matter of style, not a fault"]
])

/** On by default here: the fault checks less those measured as noise. */
export const checkstyleOnByDefault: ReadonlySet<string> = new Set(faultChecks.filter((name) => !checkstyleOffByDefault.has(name)))

/** Checks that do nothing until a configuration says what to look for (a pattern, a header, a list of classes). */
const needsOptions: ReadonlySet<string> = new Set([
  "DescendantToken",
  "Header",
  "IllegalInstantiation",
  "IllegalToken",
  "IllegalTokenText",
  "ImportControl",
  "Regexp",
  "RegexpHeader",
  "RegexpMultiline",
  "RegexpOnFilename",
  "RegexpSingleline",
  "RegexpSinglelineJava",
  "WriteTag"
])

const sentenceOf = (text: string): string => /^.*?\.(?=\s|$)/.exec(text)?.[0] ?? text

const tags = (module: CheckstyleModule, listing: CheckstyleListing): ReadonlyArray<string> => [
  module.group,
  module.parent,
  ...(listing.sunChecks.includes(module.name) ? ["sun_checks"] : []),
  ...(listing.googleChecks.includes(module.name) ? ["google_checks"] : []),
  ...(needsOptions.has(module.name) ? ["needs-options"] : [])
]

const pageOf = (module: CheckstyleModule): string => `https://checkstyle.sourceforge.io/version/8.36/config_${module.group}.html#${module.name}`

export const toCheckstylePattern = (module: CheckstyleModule, listing: CheckstyleListing): PatternEncoded => {
  const severity = checkstyleSeverity(module)
  return {
    definition: {
      id: checkstylePatternId(module.name),
      title: sentenceOf(module.description),
      category: checkstyleCategory(module),
      level: severity,
      severityLevel: severity,
      description: module.description,
      explanation: `Checkstyle's check ${module.name}: ${pageOf(module)}`,
      enabled: checkstyleOnByDefault.has(module.name),
      languages: [...checkstyleTool.languages],
      timeToFix: defaultTimeToFix,
      parameters: [],
      tags: tags(module, listing)
    },
    recommended: listing.sunChecks.includes(module.name) || listing.googleChecks.includes(module.name)
  }
}

/** The listing is of another release than the one Tidemark runs. */
export class CheckstyleReleaseMismatch extends Schema.TaggedError<CheckstyleReleaseMismatch>()("CheckstyleReleaseMismatch", {
  listed: Schema.String,
  expected: Schema.String
}) {}

/** A check that reports nothing itself: it lets SuppressWarningsFilter read `@SuppressWarnings`. */
const notAPattern: ReadonlySet<string> = new Set(["SuppressWarningsHolder"])

/** The listed checks, in id order. */
export const toCheckstyleTool = (listing: CheckstyleListing): ToolEncoded => {
  if (listing.version !== checkstyleRelease) throw new CheckstyleReleaseMismatch({ listed: listing.version, expected: checkstyleRelease })
  const patterns = listing.modules
    .filter((module) => module.kind === "check" && !notAPattern.has(module.name))
    .map((module) => toCheckstylePattern(module, listing))
    .sort((a, b) => (a.definition.id < b.definition.id ? -1 : a.definition.id > b.definition.id ? 1 : 0))
  const tool = { ...checkstyleTool, patterns }
  // Never write a file the catalogue would then refuse to load.
  Schema.decodeUnknownSync(ToolDefinitions.ToolDefinition)(tool)
  return tool
}

export const checkstyleSource: ToolSource = { tool: checkstyleTool.name, packages: { checkstyle: checkstyleRelease } }

export const checkstyleFile = (tool: ToolEncoded): readonly [string, string] => ["src/data/checkstyle.json", json(tool)]

/** Every module of this Checkstyle (checks and filters) with the module it sits under and its properties: what a configuration written for it may name. */
export const checkstyleModulesFile = (listing: CheckstyleListing): readonly [string, string] => [
  "src/data/checkstyle-modules.json",
  json(Object.fromEntries(listing.modules.map((module) => [module.name, { parent: module.parent, kind: module.kind, properties: Object.keys(module.properties) }])))
]
