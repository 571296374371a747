import { Effect, Option } from "effect"
import type { UpdateGoalsBody } from "../domain/Bodies.js"
import { Goals } from "../domain/Goals.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import { type GateKind, normalizedGate, QualityGate, QualitySettingsWithGatePolicy, shownGate } from "../domain/QualityGate.js"
import type { RepositoryRecord } from "../domain/Records.js"
import { QualityGateStore } from "../ports/QualityGateStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { Access } from "./Access.js"
import { ChangeVerdicts } from "./ChangeVerdicts.js"
import { Repositories } from "./Repositories.js"
import { withSpans } from "../runtime/Spans.js"

type Caller = Option.Option<Principal>

/**
 * The original API's quality settings: the gates of pull requests and commits, and the repository's
 * settings, which are its goals (the same stored goals the grade and the goals operation use).
 */
const make = Effect.gen(function*() {
  const access = yield* Access
  const gates = yield* QualityGateStore
  const repositoryStore = yield* RepositoryStore
  const repositories = yield* Repositories

  const verdicts = yield* ChangeVerdicts

  /**
   * The verdicts on the hosts follow a changed gate (the open pull requests', or the branches'
   * heads'), sent in the background: the answer does not wait on the hosts.
   */
  const judgeAgain = (repository: RepositoryRecord, kind: GateKind) =>
    Effect.asVoid(Effect.forkDaemon(verdicts.gateChanged(repository, kind)))

  const settingsOf = (gate: QualityGate) => new QualitySettingsWithGatePolicy({ qualityGate: shownGate(gate) })

  const gate = (caller: Caller, at: RepositoryCoordinates, kind: GateKind) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "read")
      const stored = yield* gates.find(repository.id, kind)
      return settingsOf(Option.getOrElse(stored, () => QualityGate.defaults))
    })

  /** The body replaces the whole gate: a rule left out is turned off, as the original's gates answer it. */
  const updateGate = (caller: Caller, at: RepositoryCoordinates, kind: GateKind, body: QualityGate) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "write")
      const kept = normalizedGate(kind, body)
      yield* gates.save(repository.id, kind, kept)
      yield* judgeAgain(repository, kind)
      return settingsOf(kept)
    })

  const resetGate = (caller: Caller, at: RepositoryCoordinates, kind: GateKind) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "write")
      yield* gates.remove(repository.id, kind)
      yield* judgeAgain(repository, kind)
      return settingsOf(QualityGate.defaults)
    })

  const repositorySettings = (caller: Caller, at: RepositoryCoordinates) =>
    Effect.map(access.repository(caller, at, "read"), ({ repository }) => repository.goals)

  /** Goals always have a value, so a field left out keeps it (as the goals operation does). */
  const updateRepositorySettings = (caller: Caller, at: RepositoryCoordinates, changes: UpdateGoalsBody) =>
    repositories.setGoals(caller, at, changes)

  const resetRepositorySettings = (caller: Caller, at: RepositoryCoordinates) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "write")
      yield* repositoryStore.saveGoals(repository.id, Goals.defaults)
      return Goals.defaults
    })

  return withSpans("QualitySettings", { gate, updateGate, resetGate, repositorySettings, updateRepositorySettings, resetRepositorySettings })
})

export class QualitySettings extends Effect.Service<QualitySettings>()("@tidemark/core/QualitySettings", {
  effect: make,
  dependencies: [Access.Default, Repositories.Default, ChangeVerdicts.Default]
}) {}
