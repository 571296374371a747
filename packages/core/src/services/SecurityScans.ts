import { Effect, Option } from "effect"
import type { AnalysisResults } from "../domain/AnalysisResults.js"
import { type Dependency, distinctPackages } from "../domain/Dependency.js"
import { nowIso } from "../domain/Now.js"
import type { PatternDefinition } from "../domain/Pattern.js"
import type { RepositoryRecord } from "../domain/Records.js"
import { sastFindings } from "../domain/SastFindings.js"
import { type DetectedSecret, secretFindings } from "../domain/SecretFindings.js"
import type { ScanType } from "../domain/SecurityItems.js"
import { dependencyFindings, indexAdvisories, vulnerableDependencies } from "../domain/VulnerableDependencies.js"
import { AdvisoryStore } from "../ports/AdvisoryStore.js"
import { DependencyStore } from "../ports/DependencyStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { SecurityItemStore } from "../ports/SecurityItemStore.js"
import { ToolCatalogue } from "../ports/ToolCatalogue.js"
import { withSpans } from "../runtime/Spans.js"

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
      const findings = [...sast]
      if (secrets !== undefined) {
        findings.push(...secretFindings(secrets))
        scanTypes.push("Secrets")
      }
      if (dependencies !== undefined) {
        yield* inventories.save({ repositoryId: repository.id, commitSha, analysedAt: at, matchedAt: at, dependencies })
        findings.push(...yield* dependencyFindingsOf(dependencies))
        scanTypes.push("SCA")
      }
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

  return withSpans("SecurityScans", { recordDefaultBranch, rematch })
})

/**
 * Security findings of the repositories' default branches as items: what each analysis found, and
 * the inventories matched again when the advisories change.
 */
export class SecurityScans extends Effect.Service<SecurityScans>()("@tidemark/core/SecurityScans", {
  effect: make
}) {}
