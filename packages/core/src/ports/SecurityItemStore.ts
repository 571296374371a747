import { Context, type Effect, type Option } from "effect"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type {
  ItemFilter,
  ItemIgnore,
  ItemOrder,
  ItemTally,
  ScanType,
  SecurityFinding,
  SecurityItem,
  SlaConfig,
  SrmPriority
} from "../domain/SecurityItems.js"

/** A repository as its items name it. */
export interface ItemRepository {
  readonly organizationId: number
  readonly id: number
  readonly name: string
}

/** What a reconciliation did: items opened for new findings, items closed for findings gone. */
export interface Reconciled {
  readonly opened: number
  readonly closed: number
}

/** How one search reads items: the status as of `now` under `sla`, ordered, one page of it. */
export interface ItemQuery {
  readonly filter: ItemFilter
  readonly sla: SlaConfig
  readonly now: string
  readonly order: ItemOrder
  readonly direction: "asc" | "desc"
  readonly offset: number
  readonly limit: number
}

/** An item's dates, as the history counts them. */
export interface ItemDates {
  readonly priority: SrmPriority
  readonly openedAt: string
  readonly closedAt?: string | undefined
  readonly ignoredAt?: string | undefined
  readonly unignoredAt?: string | undefined
}

/**
 * The security items of each organization and its SLA. Items come from reconciling a repository's
 * findings of some scan types: a finding whose key has an open item updates it, a new key opens
 * one, and an open item of those scan types whose key is gone is closed.
 */
export class SecurityItemStore extends Context.Tag("@tidemark/core/SecurityItemStore")<
  SecurityItemStore,
  {
    readonly reconcile: (
      repository: ItemRepository,
      scanTypes: ReadonlyArray<ScanType>,
      findings: ReadonlyArray<SecurityFinding>,
      at: string
    ) => Effect.Effect<Reconciled, ServiceUnavailable>
    readonly search: (
      organizationId: number,
      query: ItemQuery
    ) => Effect.Effect<{ readonly items: ReadonlyArray<SecurityItem>; readonly total: number }, ServiceUnavailable>
    readonly find: (organizationId: number, id: string) => Effect.Effect<Option.Option<SecurityItem>, ServiceUnavailable>
    /** Ignores the item, or brings it back (`undefined`) at `at`; none when the organization has no such item. */
    readonly setIgnored: (
      organizationId: number,
      id: string,
      ignore: ItemIgnore | undefined,
      at: string
    ) => Effect.Effect<Option.Option<SecurityItem>, ServiceUnavailable>
    /** The items passing the filter, counted by repository, priority, status, scan type, category and newness. */
    readonly tally: (
      organizationId: number,
      filter: ItemFilter,
      sla: SlaConfig,
      now: string
    ) => Effect.Effect<ReadonlyArray<ItemTally>, ServiceUnavailable>
    /** Every item's dates in the repositories (all when none are named). */
    readonly dates: (organizationId: number, repositories: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<ItemDates>, ServiceUnavailable>
    readonly slaConfig: (organizationId: number) => Effect.Effect<Option.Option<SlaConfig>, ServiceUnavailable>
    readonly saveSlaConfig: (organizationId: number, sla: SlaConfig) => Effect.Effect<void, ServiceUnavailable>
  }
>() {}
