import { Context, type Effect, type Option } from "effect"
import type { StandardRef } from "../domain/Common.js"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { AppliedStandard, CodingStandard, StandardTool } from "../domain/Records.js"

/** Coding standards of organizations and where they are applied. */
export class StandardStore extends Context.Tag("@tidemark/core/StandardStore")<
  StandardStore,
  {
    readonly create: (
      organizationId: number,
      name: string,
      tools: ReadonlyArray<StandardTool>,
      now: string
    ) => Effect.Effect<CodingStandard, ServiceUnavailable>
    readonly list: (organizationId: number) => Effect.Effect<ReadonlyArray<CodingStandard>, ServiceUnavailable>
    readonly find: (organizationId: number, id: number) => Effect.Effect<Option.Option<CodingStandard>, ServiceUnavailable>
    /** Applying again moves the standard to the most recent position. */
    readonly apply: (standardId: number, repositoryId: number, now: string) => Effect.Effect<void, ServiceUnavailable>
    readonly unapply: (standardId: number, repositoryId: number) => Effect.Effect<void, ServiceUnavailable>
    /** Standards applied to a repository, oldest application first. */
    readonly appliedTo: (repositoryId: number) => Effect.Effect<ReadonlyArray<AppliedStandard>, ServiceUnavailable>
    /**
     * The id and name of the standards applied to each of many repositories (a page of a list),
     * oldest application first, as `appliedTo` orders them; absent ids map to none. A list shows
     * only these, and reading whole standards (hundreds of patterns each) dominated a page.
     */
    readonly standardsOf: (
      repositoryIds: ReadonlyArray<number>
    ) => Effect.Effect<ReadonlyMap<number, ReadonlyArray<StandardRef>>, ServiceUnavailable>
  }
>() {}
