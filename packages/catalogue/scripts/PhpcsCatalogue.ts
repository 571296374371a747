import { type Pattern, ToolDefinitions } from "@tidemark/core"
import { Schema } from "effect"
import { phpcsPatternId, phpcsPatternPrefix } from "../src/ToolHeads.js"
import { json, type ToolSource } from "./CatalogueFiles.js"
// PHP_CodeSniffer publishes no estimate either: its patterns take the same default as ESLint's.
import { defaultTimeToFix } from "./EslintCatalogue.js"
import type { PhpcsSniff, PhpcsSniffList } from "./PhpcsSniffs.js"

/**
 * The PHP_CodeSniffer tool of the catalogue, generated from its own listing of its sniffs
 * (PhpcsSniffs.ts) at the release Tidemark runs: the sniffs that check PHP (those for JavaScript
 * and CSS only are left out: Tidemark gives it PHP files alone), less those that run another
 * program. A pattern's id is the sniff's code with its dots as underscores (`PHPCS_Generic_PHP_
 * DeprecatedFunctions`), as the original service named them (codacy-codesniffer's patterns.json:
 * `Generic_PHP_DeprecatedFunctions`, the message's `source` without its last part); its title and
 * description are the sniff's documentation where it has some.
 */

type ToolEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.ToolDefinition>
type PatternEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.CataloguePattern>

/** Debian 12's package, which `scripts/install-analysers.sh` installs: the release the patterns are read from. */
export const phpcsRelease = "3.7.1"

/** The names PHP_CodeSniffer looks for at its working folder, in its order: what a repository configures it with. */
export const phpcsConfigurationFiles = [".phpcs.xml", "phpcs.xml", ".phpcs.xml.dist", "phpcs.xml.dist"]

export const phpcsTool: Omit<ToolEncoded, "patterns"> = {
  // The original service's uuid for its PHP_CodeSniffer tool was not found in any public source:
  // this one is Tidemark's own, fixed here so that configurations carry over.
  uuid: "8d1f6b2e-4c73-4a95-b8e0-2f5a9c7d3e61",
  name: "PHP_CodeSniffer",
  patternPrefix: phpcsPatternPrefix,
  family: "phpcs",
  isClientSide: false,
  languages: ["PHP"],
  enabledByDefault: true,
  // A ruleset is read as XML data and written again for PHP_CodeSniffer, without what would run
  // the repository's PHP (its own sniffs, `<autoload>`, a bootstrap, `<ini>`; docs/analysis-tools.md).
  configurationFiles: phpcsConfigurationFiles,
  readableConfigurationFiles: phpcsConfigurationFiles
}

/** Sniffs that run another program (Zend's code analyser), never run here whatever a ruleset says. */
export const phpcsExternalSniffs: ReadonlySet<string> = new Set(["Zend.Debug.CodeAnalyzer"])

interface Classified {
  readonly category: Pattern.Category
  readonly severity: Pattern.SeverityLevel
}

/**
 * The sniffs that find something other than how the code is laid out, by category and severity:
 * an Error is code PHP refuses or breaks on (a syntax error, a merge conflict's markers, a
 * duplicated argument, `$this` in a static method, call-time pass-by-reference, ASP tags), a
 * Warning a likely fault. Every other sniff is CodeStyle and Info.
 */
const groups: ReadonlyArray<readonly [Classified, ReadonlyArray<string>]> = [
  [{ category: "ErrorProne", severity: "Error" }, ["Generic.PHP.Syntax", "Generic.VersionControl.GitMergeConflict", "Generic.Functions.CallTimePassByReference", "Squiz.Functions.FunctionDuplicateArgument", "Squiz.Scope.StaticThisUsage", "Generic.PHP.DisallowAlternativePHPTags"]],
  [{ category: "ErrorProne", severity: "Warning" }, ["Generic.CodeAnalysis.JumbledIncrementer", "Generic.CodeAnalysis.UnconditionalIfStatement", "Generic.CodeAnalysis.AssignmentInCondition", "Generic.CodeAnalysis.EmptyStatement", "Generic.CodeAnalysis.EmptyPHPStatement", "Generic.Classes.DuplicateClassName", "Generic.Files.ByteOrderMark", "Generic.PHP.CharacterBeforePHPOpeningTag", "Generic.PHP.NoSilencedErrors", "Squiz.PHP.InnerFunctions"]],
  [{ category: "UnusedCode", severity: "Warning" }, ["Generic.CodeAnalysis.UselessOverridingMethod", "Generic.CodeAnalysis.UnusedFunctionParameter", "Squiz.PHP.NonExecutableCode"]],
  [{ category: "Performance", severity: "Warning" }, ["Generic.CodeAnalysis.ForLoopWithTestFunctionCall"]],
  [{ category: "Compatibility", severity: "Warning" }, ["Generic.PHP.DeprecatedFunctions", "Generic.PHP.DisallowShortOpenTag", "Generic.NamingConventions.ConstructorName", "PEAR.Functions.ValidDefaultValue"]],
  [{ category: "Security", severity: "Warning" }, ["Generic.PHP.BacktickOperator", "Squiz.PHP.Eval", "MySource.PHP.EvalObjectFactory"]],
  [{ category: "ErrorProne", severity: "Info" }, ["Squiz.Operators.ValidLogicalOperators"]],
  [{ category: "Performance", severity: "Info" }, ["Squiz.PHP.DisallowSizeFunctionsInLoops"]],
  [{ category: "UnusedCode", severity: "Info" }, ["Squiz.PHP.CommentedOutCode"]],
  [{ category: "BestPractice", severity: "Info" }, ["Squiz.PHP.GlobalKeyword", "Squiz.PHP.DiscouragedFunctions"]],
  [{ category: "Complexity", severity: "Info" }, ["Generic.Metrics.CyclomaticComplexity", "Generic.Metrics.NestingLevel"]],
  [{ category: "Documentation", severity: "Info" }, ["Generic.Commenting.Todo", "Generic.Commenting.Fixme"]]
]

const classified: ReadonlyMap<string, Classified> = new Map(groups.flatMap(([classification, codes]) => codes.map((code) => [code, classification] as const)))

export const phpcsClassification = (code: string): Classified => classified.get(code) ?? { category: "CodeStyle", severity: "Info" }

/**
 * On by default here: the sniffs that find faults on any PHP, whatever its style — code PHP
 * refuses, breaks on or never runs, a loop that reuses its outer counter, a condition always
 * true, a merge conflict left in, a removed PHP feature. No layout, naming or comment sniff: a
 * repository's own ruleset turns on its standard.
 */
export const phpcsOnByDefault: ReadonlySet<string> = new Set([
  "Generic.PHP.Syntax",
  "Generic.VersionControl.GitMergeConflict",
  "Generic.Functions.CallTimePassByReference",
  "Squiz.Functions.FunctionDuplicateArgument",
  "Generic.PHP.DisallowAlternativePHPTags",
  "Generic.CodeAnalysis.JumbledIncrementer",
  "Generic.CodeAnalysis.UnconditionalIfStatement",
  "Generic.Files.ByteOrderMark",
  "Generic.NamingConventions.ConstructorName",
  "PEAR.Functions.ValidDefaultValue",
  "Squiz.PHP.NonExecutableCode"
])

/**
 * Sniffs that look like faults and stay off by default, each with why (measured on real
 * repositories, docs/real-repositories.md, or by what the sniff is).
 */
export const phpcsOffByDefault: ReadonlyMap<string, string> = new Map([
  [
    "Generic.CodeAnalysis.UselessOverridingMethod",
    "an override that only calls its parent also widens its visibility, narrows its types or changes a default: all 10 read on guzzle and composer did one of these"
  ],
  [
    "Generic.PHP.DeprecatedFunctions",
    "what it reports depends on the server's PHP (8.2 here), not the project's; all 4 read (Slim, composer, PHPMailer) were calls behind a PHP version check"
  ],
  ["Squiz.Scope.StaticThisUsage", "phpcs 3.7.1 counts `$this` in a closure a static method binds (`->call($object)`): all 3 on laravel/framework"],
  ["Squiz.PHP.InnerFunctions", "a function declared inside one that runs once (a test's setUpBeforeClass): both read on Slim"],
  ["Generic.CodeAnalysis.AssignmentInCondition", "`while ($line = fgets($h))` and `if ($m = match(…))` are idiomatic PHP, written on purpose"],
  ["Generic.CodeAnalysis.EmptyStatement", "an empty `catch` that ignores an expected exception is a choice (its comment says why)"],
  ["Generic.CodeAnalysis.EmptyPHPStatement", "a stray `;` does nothing wrong"],
  ["Generic.CodeAnalysis.UnusedFunctionParameter", "a method keeps the parameters of the interface it implements"],
  ["Generic.CodeAnalysis.ForLoopWithTestFunctionCall", "`count()` in a loop's test is cheap on arrays"],
  ["Generic.Classes.DuplicateClassName", "compares the files of one run: its findings change with how the files are batched and cached"],
  ["Generic.PHP.CharacterBeforePHPOpeningTag", "a template starts with HTML on purpose"],
  ["Generic.PHP.DisallowShortOpenTag", "also reports `<?=`, always available since PHP 5.4"],
  ["Generic.PHP.NoSilencedErrors", "`@` before a call whose failure is checked is deliberate"],
  ["Generic.PHP.BacktickOperator", "a command line run on purpose, not a fault by itself"],
  ["Squiz.PHP.Eval", "a code generator's `eval` is deliberate"],
  ["MySource.PHP.EvalObjectFactory", "MySource's own framework"]
])

const sentenceOf = (text: string): string => /^.*?\.(?=\s|$)/.exec(text)?.[0] ?? text

/** `Generic.PHP.DeprecatedFunctions` → `Deprecated functions (Generic, PHP)`: the title of a sniff without documentation. */
const titleOf = (code: string): string => {
  const [standard = "", category = "", name = ""] = code.split(".")
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2").toLowerCase()
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} (${standard} ${category})`
}

export const toPhpcsPattern = (sniff: PhpcsSniff): PatternEncoded => {
  const { category, severity } = phpcsClassification(sniff.code)
  const [standard = ""] = sniff.code.split(".")
  const off = phpcsOffByDefault.get(sniff.code)
  return {
    definition: {
      id: phpcsPatternId(sniff.code),
      title: sniff.description === undefined ? titleOf(sniff.code) : sentenceOf(sniff.description),
      category,
      level: severity,
      severityLevel: severity,
      description: sniff.description ?? titleOf(sniff.code),
      explanation: `PHP_CodeSniffer's sniff ${sniff.code}${off === undefined ? "" : ` (off by default here: ${off})`}; phpcs --generator=Text prints its documentation.`,
      enabled: phpcsOnByDefault.has(sniff.code),
      languages: [...phpcsTool.languages],
      timeToFix: defaultTimeToFix,
      parameters: [],
      tags: [standard, sniff.code]
    },
    recommended: phpcsOnByDefault.has(sniff.code)
  }
}

/** The listing is of another release than the one Tidemark runs. */
export class PhpcsReleaseMismatch extends Schema.TaggedError<PhpcsReleaseMismatch>()("PhpcsReleaseMismatch", {
  listed: Schema.String,
  expected: Schema.String
}) {}

/** Whether the sniff checks PHP and runs no other program: the catalogue's sniffs. */
export const isCataloguedSniff = (sniff: PhpcsSniff): boolean => sniff.tokenizers.includes("PHP") && !phpcsExternalSniffs.has(sniff.code)

/** The listed sniffs that check PHP, in id order. */
export const toPhpcsTool = (list: PhpcsSniffList): ToolEncoded => {
  if (list.version !== phpcsRelease) throw new PhpcsReleaseMismatch({ listed: list.version, expected: phpcsRelease })
  const patterns = list.sniffs.filter(isCataloguedSniff).map(toPhpcsPattern)
    .sort((a, b) => (a.definition.id < b.definition.id ? -1 : a.definition.id > b.definition.id ? 1 : 0))
  const tool = { ...phpcsTool, patterns }
  // Never write a file the catalogue would then refuse to load.
  Schema.decodeUnknownSync(ToolDefinitions.ToolDefinition)(tool)
  return tool
}

export const phpcsSource: ToolSource = { tool: phpcsTool.name, packages: { "php-codesniffer": phpcsRelease } }

export const phpcsFile = (tool: ToolEncoded): readonly [string, string] => ["src/data/phpcs.json", json(tool)]
