import { Context, type Effect, type Option } from "effect"
import type { Dependency } from "../domain/Dependency.js"
import type { ServiceUnavailable } from "../domain/Errors.js"

/** A repository's dependencies as its latest analysed default-branch commit pins them. */
export interface Inventory {
  readonly repositoryId: number
  readonly commitSha: string
  /** When the commit was analysed. */
  readonly analysedAt: string
  /** When it was last matched against the advisories (an import after that matches it again). */
  readonly matchedAt: string
  readonly dependencies: ReadonlyArray<Dependency>
}

/** Each repository's dependency inventory: the SBOM, and what vulnerable dependencies are matched from. */
export class DependencyStore extends Context.Tag("@tidemark/core/DependencyStore")<
  DependencyStore,
  {
    /** Replaces the repository's inventory. */
    readonly save: (inventory: Inventory) => Effect.Effect<void, ServiceUnavailable>
    readonly find: (repositoryId: number) => Effect.Effect<Option.Option<Inventory>, ServiceUnavailable>
    /** The inventories of the repositories that have one, by repository id. */
    readonly ofRepositories: (repositoryIds: ReadonlyArray<number>) => Effect.Effect<ReadonlyMap<number, Inventory>, ServiceUnavailable>
    /** Repositories whose inventory was matched before `at` (the advisories changed since). */
    readonly matchedBefore: (at: string) => Effect.Effect<ReadonlyArray<number>, ServiceUnavailable>
    readonly markMatched: (repositoryId: number, at: string) => Effect.Effect<void, ServiceUnavailable>
  }
>() {}
