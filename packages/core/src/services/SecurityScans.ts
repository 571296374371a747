import { Effect, Option } from "effect"
import type { AnalysisResults, IssueResult } from "../domain/AnalysisResults.js"
import { type Dependency, distinctPackages } from "../domain/Dependency.js"
import { nowIso } from "../domain/Now.js"
import type { PatternDefinition } from "../domain/Pattern.js"
import type { RepositoryRecord } from "../domain/Records.js"
import { sastFindings } from "../domain/SastFindings.js"
import { type DetectedSecret, secretFindings } from "../domain/SecretFindings.js"
import { newFindings, type ScanType, type SecurityFinding } from "../domain/SecurityItems.js"
import { dependencyFindings, indexAdvisories, vulnerableDependencies } from "../domain/VulnerableDependencies.js"
import { AdvisoryStore } from "../ports/AdvisoryStore.js"
import { DependencyStore } from "../ports/DependencyStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { SecurityItemStore } from "../ports/SecurityItemStore.js"
import { ToolCatalogue } from "../ports/ToolCatalogue.js"
import { withSpans } from "../runtime/Spans.js"
import type { ServiceUnavailable } from "../domain/Errors.js"

/** What an analysis read besides issues, for the security scans: the lockfiles' packages and the secrets. */
export interface ScannedTree {
  readonly dependencies?: ReadonlyArray<Dependency> | undefined
  readonly secrets?: ReadonlyArray<DetectedSecret> | undefined
}

const make = Effect.gen(function*() {
  const advisories = yield* AdvisoryStore
  const inventories = yield* DependencyStore
  const items = yield* SecurityItemStore
  const repositories = yield* RepositoryStore
  const catalogue = yield* ToolCatalogue

  /** The SCA findings of an inventory: its packages matched against the advisories naming them. */
  const dependencyFindingsOf = (dependencies: ReadonlyArray<Dependency>) =>
    Effect.map(
      advisories.forPackages(distinctPackages(dependencies)),
      (found) => dependencyFindings(vulnerableDependencies(dependencies, indexAdvisories(found)))
    )

  const patternLookup = Effect.map(catalogue.tools, (tools) => {
    const patterns = new Map(tools.flatMap((tool) => tool.patterns.map((p) => [`${tool.uuid}\u0000${p.definition.id}`, p.definition] as const)))
    return (toolUuid: string, patternId: string): PatternDefinition | undefined => patterns.get(`${toolUuid}\u0000${patternId}`)
  })

  /** The findings of a tree's secrets and inventory (none for what the analyser did not read). */
  const scannedFindings = (scanned: ScannedTree) =>
    Effect.map(
      scanned.dependencies === undefined ? Effect.succeed([]) : dependencyFindingsOf(scanned.dependencies),
      (sca): ReadonlyArray<SecurityFinding> => [...secretFindings(scanned.secrets ?? []), ...sca]
    )

  /**
   * The security findings a change brought in: those of its added issues (SAST), and the head's
   * secrets and vulnerable dependencies the base did not have. Both sides are matched against the
   * advisories as they are now, so an advisory imported since the base is no change of the code's.
   * The base is read only when the head has any secret or vulnerable dependency; unreadable, the
   * change is judged on its issues alone (an old secret must not fail a change that kept it).
   */
  const changeFindings = (
    addedIssues: ReadonlyArray<IssueResult>,
    head: ScannedTree,
    base: Effect.Effect<Option.Option<ScannedTree>, ServiceUnavailable>
  ) =>
    Effect.gen(function*() {
      const sast = sastFindings(addedIssues, yield* patternLookup)
      const inHead = yield* scannedFindings(head)
      if (inHead.length === 0) return sast
      const before = yield* base
      if (Option.isNone(before)) {
        yield* Effect.logWarning("the base of a change could not be read again: its secrets and dependencies are not compared")
        return sast
      }
      return [...sast, ...newFindings(inHead, yield* scannedFindings(before.value))]
    })

  const target = (repository: RepositoryRecord) => ({ organizationId: repository.organizationId, id: repository.id, name: repository.name })

  /**
   * After an analysis of the repository's default branch was stored: its dependency inventory
   * kept, and its items reconciled with what it found (SAST from its issues; SCA from its
   * inventory and Secrets from its files, when the analyser read them).
   */
  const recordDefaultBranch = (
    repository: RepositoryRecord,
    commitSha: string,
    results: AnalysisResults,
    dependencies: ReadonlyArray<Dependency> | undefined,
    secrets?: ReadonlyArray<DetectedSecret> | undefined
  ) =>
    Effect.gen(function*() {
      const at = yield* nowIso
      const sast = sastFindings(results.issues, yield* patternLookup)
      const scanTypes: Array<ScanType> = ["SAST"]
      // A scan the analyser did not run leaves its items as they are.
      if (secrets !== undefined) scanTypes.push("Secrets")
      if (dependencies !== undefined) {
        yield* inventories.save({ repositoryId: repository.id, commitSha, analysedAt: at, matchedAt: at, dependencies })
        scanTypes.push("SCA")
      }
      const findings = [...sast, ...yield* scannedFindings({ dependencies, secrets })]
      return yield* items.reconcile(target(repository), scanTypes, findings, at)
    })

  /**
   * Every inventory matched before the latest advisory import is matched again, without
   * analysing its repository again: new advisories open items, withdrawn or corrected ones close them.
   */
  const rematch = Effect.gen(function*() {
    const stamp = yield* advisories.lastImport
    if (Option.isNone(stamp)) return 0
    const stale = yield* inventories.matchedBefore(stamp.value.at)
    yield* Effect.forEach(stale, (repositoryId) =>
      Effect.gen(function*() {
        const [repository, inventory] = yield* Effect.all([repositories.findRepositoryById(repositoryId), inventories.find(repositoryId)])
        if (Option.isNone(repository) || Option.isNone(inventory)) return
        const at = yield* nowIso
        yield* items.reconcile(target(repository.value), ["SCA"], yield* dependencyFindingsOf(inventory.value.dependencies), at)
        yield* inventories.markMatched(repositoryId, at)
      }), { discard: true })
    return stale.length
  })

  return withSpans("SecurityScans", { changeFindings, recordDefaultBranch, rematch })
})

/**
 * Security findings of the repositories' default branches as items: what each analysis found, and
 * the inventories matched again when the advisories change.
 */
export class SecurityScans extends Effect.Service<SecurityScans>()("@tidemark/core/SecurityScans", {
  effect: make
}) {}
