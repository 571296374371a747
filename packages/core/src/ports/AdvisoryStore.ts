import { Context, type Effect, type Option } from "effect"
import type { Advisory } from "../domain/Advisory.js"
import type * as Dependency from "../domain/Dependency.js"
import type { ServiceUnavailable } from "../domain/Errors.js"

/** What one import changed: advisories new or newer than the stored copy, those already as stored, those withdrawn. */
export interface AdvisoryImportCount {
  readonly saved: number
  readonly unchanged: number
  readonly removed: number
}

/** The latest import: when, and how many advisories are kept since. */
export interface AdvisoryImportStamp {
  readonly at: string
  readonly advisories: number
}

/** A package as advisories are looked up by: ecosystem and its comparable name (`comparableName`). */
export type PackageKey = Dependency.PackageKey

/**
 * The installation's vulnerability advisories, imported by its admin from OSV's exports and kept
 * for every organization. An advisory is kept by id; a copy older than the stored one (by
 * `modified`) leaves it as it is.
 */
export class AdvisoryStore extends Context.Tag("@tidemark/core/AdvisoryStore")<
  AdvisoryStore,
  {
    /** Saves the advisories and removes the withdrawn ids, stamping the import with `at`. */
    readonly save: (
      advisories: ReadonlyArray<Advisory>,
      withdrawn: ReadonlyArray<string>,
      at: string
    ) => Effect.Effect<AdvisoryImportCount, ServiceUnavailable>
    /** Every advisory affecting one of the packages. */
    readonly forPackages: (packages: ReadonlyArray<PackageKey>) => Effect.Effect<ReadonlyArray<Advisory>, ServiceUnavailable>
    readonly lastImport: Effect.Effect<Option.Option<AdvisoryImportStamp>, ServiceUnavailable>
  }
>() {}
