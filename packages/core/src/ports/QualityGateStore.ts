import { Context, type Effect, type Option } from "effect"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { GateKind, QualityGate } from "../domain/QualityGate.js"

/** A repository's own quality gates, one per kind; a kind never set (or reset) has none stored. */
export class QualityGateStore extends Context.Tag("@tidemark/core/QualityGateStore")<
  QualityGateStore,
  {
    readonly find: (repositoryId: number, kind: GateKind) => Effect.Effect<Option.Option<QualityGate>, ServiceUnavailable>
    /** Replaces the stored gate of that kind. */
    readonly save: (repositoryId: number, kind: GateKind, gate: QualityGate) => Effect.Effect<void, ServiceUnavailable>
    /** Forgets the stored gate of that kind, so that the defaults apply again. */
    readonly remove: (repositoryId: number, kind: GateKind) => Effect.Effect<void, ServiceUnavailable>
  }
>() {}
