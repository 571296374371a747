import type { ToolDefinitions } from "@tidemark/core"
import { Effect, Either, Option } from "effect"
import { treeDigest } from "../CacheKey.js"
import { canonicalJson } from "../CanonicalJson.js"
import type { EnabledRule } from "../EnabledRule.js"
import { FileWatch } from "../FileWatch.js"
import { CachedMessage, LintCache } from "../LintCache.js"
import { failedFileOf, type LintedFile, lintedFileOf, type PatternOf, reasonOf, ruleAndLevelOf, ruleAtLevel, summaryOf } from "../LintedFile.js"
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

/** A `$ref` Spectral could not follow because it leaves the tree or names a URL: the findings would be the `$ref`'s. */
const unfollowed = (finding: SpectralFinding): boolean =>
  finding.code === "invalid-ref" && /is not a file of the repository|No resolver defined for scheme/.test(finding.message)

/**
 * A YAML or JSON file that does not parse. Spectral reads every file a `$ref` names as YAML
 * unless it ends in `.json`: a code sample or a Markdown description is not YAML, and not wrong.
 */
const unparsedOf = (document: string) => (finding: SpectralFinding): boolean =>
  finding.code === "parser" && finding.severity === 0 && /\.(?:ya?ml|json)$/i.test(finding.file ?? document)

export class UnfollowedReference extends Error {}

/**
 * A document's findings by line, each rule kept with the level Spectral gave it (`path-params:0`):
 * with the repository's ruleset the issue's severity is its. A file that does not parse has its
 * first error alone, as fatal; a document with a `$ref` out of the tree is not linted at all.
 */
export const lintText = async (
  configuration: SpectralConfiguration,
  path: string,
  content: string,
  tree: ReadonlyMap<string, string>
): Promise<ReadonlyArray<CachedMessage>> => {
  const rules = shippedRules()
  const findings = [...await lintDocument(configuration, path, content, tree)].sort((a, b) => a.line - b.line)
  const away = findings.find(unfollowed)
  if (away !== undefined) throw new UnfollowedReference(`a $ref is not followed (${away.message}): the document is not linted`)
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
  return [...fatal, ...kept]
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

type Outcome = Either.Either<ReadonlyArray<CachedMessage>, unknown>

/**
 * Each file's result: a document's own findings (or why it was not linted), and a referenced
 * file's from every document that reached it, once each.
 */
const lintedFilesOf = (input: SpectralLintInput, outcomes: ReadonlyArray<readonly [SourceFile, Outcome]>): ReadonlyArray<LintedFile> => {
  const byPath = new Map(input.files.map((file) => [file.path, file]))
  const referenced = new Map<string, Map<string, CachedMessage>>()
  const linted = outcomes.map(([document, outcome]): LintedFile => {
    if (Either.isLeft(outcome)) return failedFileOf(document, outcome.left)
    for (const message of outcome.right) {
      if (message.file === undefined) continue
      const known = referenced.get(message.file) ?? new Map<string, CachedMessage>()
      known.set(`${message.line}\0${message.ruleId ?? ""}\0${message.message}`, new CachedMessage({ ruleId: message.ruleId, line: message.line, message: message.message, ...(message.fatal === true ? { fatal: true } : {}) }))
      referenced.set(message.file, known)
    }
    return lintedFileOf(document, outcome.right.filter((message) => message.file === undefined))
  })
  const documents = new Set(outcomes.map(([document]) => document.path))
  const others = [...referenced].flatMap(([path, messages]) => {
    const file = byPath.get(path)
    return file === undefined || documents.has(path) ? [] : [lintedFileOf(file, [...messages.values()].sort((a, b) => a.line - b.line))]
  })
  return [...linted, ...others]
}

/** Each document linted through the per-file cache when the context has one, and the tree's result. */
export const lintApiDocuments = (input: SpectralLintInput): Effect.Effect<LintResult> =>
  Effect.gen(function*() {
    const tool = input.definition.name
    const cache = yield* Effect.serviceOption(LintCache)
    const watch = yield* FileWatch
    // A `$ref` may name any file of the tree: a schema, an example, a Markdown description, a code sample.
    const tree = new Map(input.files.map((file) => [file.path, file.content]))
    // A document's findings depend on every file its `$ref`s reach: the tree's files are in its key.
    const reachable = input.documents.length === 0 ? "" : treeDigest(input.files)
    const version = input.documents.length === 0 ? "" : spectralVersion()
    const configuration = canonicalJson(input.configuration)
    const lintOne = (document: SourceFile): Effect.Effect<Outcome> =>
      Effect.either(Effect.tryPromise({
        try: () => watch.duringAsync(tool, document.path, () => lintText(input.configuration, document.path, document.content, tree)),
        catch: (error) => (error instanceof UnfollowedReference ? error : new Error(reasonOf(error)))
      }))
    const outcomeOf = (document: SourceFile): Effect.Effect<Outcome> =>
      Option.match(cache, {
        onNone: () => lintOne(document),
        onSome: (store) => {
          const key = spectralLintKey(version, configuration, reachable, document.path, document.content)
          return store.get(key).pipe(
            Effect.tapError((error) => Effect.logWarning(`lint cache: ${error.reason}`, error.key)),
            Effect.orElseSucceed(() => Option.none<ReadonlyArray<CachedMessage>>()),
            Effect.flatMap(Option.match({
              onSome: (messages) => Effect.succeed(Either.right(messages)),
              // A document that could not be linted is not kept: the next analysis tries again.
              onNone: () => Effect.tap(lintOne(document), (outcome) => Either.isRight(outcome) ? Effect.ignore(store.set(key, outcome.right)) : Effect.void)
            }))
          )
        }
      })
    // One document after the other: Spectral's work is the thread's, so documents at once would only interleave.
    const outcomes = yield* Effect.forEach(input.documents, (document) => Effect.map(outcomeOf(document), (outcome) => [document, outcome] as const))
    return new LintResult({
      ...summaryOf(lintedFilesOf(input, outcomes), patternOf(input)),
      skippedRules: [],
      ...(input.configurationFile === undefined ? {} : { configurationFile: input.configurationFile })
    })
  })
