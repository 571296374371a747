import type { ToolDefinitions } from "@tidemark/core"
import { Effect, Either } from "effect"
import { keptOutcomes, lintedFilesOfUnits, splitByCache } from "../CachedLint.js"
import { treeDigest } from "../CacheKey.js"
import { canonicalJson } from "../CanonicalJson.js"
import type { EnabledRule } from "../EnabledRule.js"
import { FileWatch } from "../FileWatch.js"
import { CachedMessage } from "../LintCache.js"
import { type PatternOf, reasonOf, ruleAndLevelOf, ruleAtLevel, summaryOf } from "../LintedFile.js"
import { type IssueSeverity, LintResult } from "../LintResult.js"
import type { SourceFile } from "../SourceTree.js"
import { lintDocument, shippedRules, type SpectralConfiguration, type SpectralFinding, spectralVersion } from "./SpectralEngine.js"
import { spectralLintKey } from "./SpectralKey.js"

/**
 * Lints a tree's API documents with Spectral in process, one after the other, with one
 * configuration: the enabled patterns' or the repository's own ruleset file. A finding in a file a
 * document's `$ref` names is that file's; a file two documents share has it once.
 */

// Spectral's severities: 0 error, 1 warn, 2 info, 3 hint.
const severityOfLevel: Readonly<Record<string, IssueSeverity>> = { "0": "Error", "1": "Warning", "2": "Info", "3": "Info" }

/**
 * A YAML or JSON file that does not parse. Spectral reads every file a `$ref` names as YAML
 * unless it ends in `.json`: a code sample or a Markdown description is not YAML, and not wrong.
 */
const unparsedOf = (document: string) => (finding: SpectralFinding): boolean =>
  finding.code === "parser" && finding.severity === 0 && /\.(?:ya?ml|json)$/i.test(finding.file ?? document)

/**
 * A document's findings by line, each rule kept with the level Spectral gave it (`path-params:0`):
 * with the repository's ruleset the issue's severity is its. A file that does not parse has its
 * first error alone, as fatal; a document with a `$ref` out of the tree is not linted at all (why, on the left).
 */
export const lintText = async (
  configuration: SpectralConfiguration,
  path: string,
  content: string,
  tree: ReadonlyMap<string, string>
): Promise<Either.Either<ReadonlyArray<CachedMessage>, string>> => {
  const rules = shippedRules()
  const linted = await lintDocument(configuration, path, content, tree)
  // Its rules would read the `$ref` itself as the object it stands for.
  const [away] = linted.unfollowed
  if (away !== undefined) return Either.left(`a $ref is not followed (${away} is not a file of the repository): the document is not linted`)
  const findings = [...linted.findings].sort((a, b) => a.line - b.line)
  const unparsed = new Map<string | undefined, SpectralFinding>()
  for (const finding of findings.filter(unparsedOf(path))) if (!unparsed.has(finding.file)) unparsed.set(finding.file, finding)
  const fatal = [...unparsed.values()].map((finding) =>
    new CachedMessage({ ruleId: null, line: finding.line, message: finding.message, fatal: true, ...(finding.file === undefined ? {} : { file: finding.file }) })
  )
  const kept = findings.flatMap((finding) =>
    rules.has(finding.code) && !unparsed.has(finding.file)
      ? [new CachedMessage({ ruleId: ruleAtLevel(finding.code, String(finding.severity)), line: finding.line, message: finding.message, ...(finding.file === undefined ? {} : { file: finding.file }) })]
      : []
  )
  return Either.right([...fatal, ...kept])
}

export interface SpectralLintInput {
  readonly definition: ToolDefinitions.ToolDefinition
  /** The documents to lint, in the tree's order. */
  readonly documents: ReadonlyArray<SourceFile>
  /** Every file of the tree: a `$ref` may name any of them. */
  readonly files: ReadonlyArray<SourceFile>
  readonly configuration: SpectralConfiguration
  /** The enabled patterns: their severities are the issues' unless the repository's ruleset decided. */
  readonly rules: ReadonlyArray<EnabledRule>
  /** The repository's ruleset file, when it decided the rules. */
  readonly configurationFile: string | undefined
}

const patternOf = (input: SpectralLintInput): PatternOf => {
  const enabled = new Map(input.rules.map((rule) => [rule.ruleId, rule.severity]))
  return (ruleId) => {
    const { level, rule } = ruleAndLevelOf(ruleId)
    const patternId = `${input.definition.patternPrefix}${rule}`
    if (input.configurationFile !== undefined) return { patternId, severity: severityOfLevel[level] ?? "Warning" }
    const chosen = enabled.get(rule)
    return chosen === undefined ? undefined : { patternId, severity: chosen }
  }
}

/** Each document linted through the per-file cache when the context has one, and the tree's result. */
export const lintApiDocuments = (input: SpectralLintInput): Effect.Effect<LintResult> =>
  Effect.gen(function*() {
    const tool = input.definition.name
    const watch = yield* FileWatch
    // Spectral and its rulesets load at the first document.
    if (input.documents.length === 0) return new LintResult({ ...summaryOf([], patternOf(input)), skippedRules: [] })
    // A `$ref` may name any file of the tree: a schema, an example, a Markdown description, a code sample.
    const tree = new Map(input.files.map((file) => [file.path, file.content]))
    // A document's findings depend on every file its `$ref`s reach: the tree's files are in its key.
    const reachable = treeDigest(input.files)
    const version = spectralVersion()
    const configuration = canonicalJson(input.configuration)
    const keyOf = (document: SourceFile) => spectralLintKey(version, configuration, reachable, document.path, document.content)
    const { missing, outcomes } = yield* splitByCache(input.documents, keyOf)
    // One document after the other: Spectral's work is the thread's, so documents at once would only interleave.
    const ran = yield* Effect.forEach(missing, (document) =>
      Effect.tryPromise({
        try: () => watch.duringAsync(tool, document.path, () => lintText(input.configuration, document.path, document.content, tree)),
        catch: reasonOf
      }).pipe(
        Effect.catchAll((reason) => Effect.succeed(Either.left(reason))),
        Effect.map((outcome) => [document.path, outcome] as const)
      ))
    // A document that could not be linted is not kept: the next analysis tries again.
    const fresh = yield* keptOutcomes(tool, missing, new Map(ran), (_document, messages: ReadonlyArray<CachedMessage>) => messages, keyOf)
    const all = new Map([...outcomes, ...fresh])
    // The documents, and the files their findings are in.
    const named = new Set([...all.values()].flatMap((outcome) => Either.isRight(outcome) ? outcome.right.flatMap((message) => message.file ?? []) : []))
    const files = input.files.filter((file) => all.has(file.path) || named.has(file.path))
    return new LintResult({
      ...summaryOf(lintedFilesOfUnits(files, all), patternOf(input)),
      skippedRules: [],
      ...(input.configurationFile === undefined ? {} : { configurationFile: input.configurationFile })
    })
  })
