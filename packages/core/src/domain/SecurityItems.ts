import { Schema } from "effect"
import { Text } from "./Common.js"
import { IgnoredBy, IgnoreReason } from "./Triage.js"

/**
 * Security and risk management: every security finding of an organization's repositories as an
 * item with a priority and a deadline. A finding is what one analysis of a repository's default
 * branch found (a security pattern's issue, a secret, a vulnerable dependency); its item lasts while
 * the finding does, from `openedAt` (first seen) to `closedAt` (first analysis without it).
 */

export const SrmPriority = Schema.Literal("Low", "Medium", "High", "Critical")
export type SrmPriority = typeof SrmPriority.Type

/** Priorities in order, the least pressing first. */
export const priorityRank: Readonly<Record<SrmPriority, number>> = { Low: 0, Medium: 1, High: 2, Critical: 3 }

/** Whether `priority` is `minimum` or more pressing (no minimum: every priority). */
export const atLeastPriority = (minimum: SrmPriority | undefined) => (priority: SrmPriority): boolean =>
  minimum === undefined || priorityRank[priority] >= priorityRank[minimum]

export const SrmStatus = Schema.Literal("Overdue", "OnTrack", "DueSoon", "ClosedOnTime", "ClosedLate", "Ignored")
export type SrmStatus = typeof SrmStatus.Type

/** The scans Tidemark runs; the API's other scan types (DAST, PenTesting, …) have no items here. */
export const ScanType = Schema.Literal("SAST", "SCA", "Secrets")
export type ScanType = typeof ScanType.Type

/** Days to handle an item of each priority, from when it was opened. */
export class SlaConfig extends Schema.Class<SlaConfig>("SlaConfig")({
  criticalSla: Schema.Int.pipe(Schema.between(1, 3650)),
  highSla: Schema.Int.pipe(Schema.between(1, 3650)),
  mediumSla: Schema.Int.pipe(Schema.between(1, 3650)),
  lowSla: Schema.Int.pipe(Schema.between(1, 3650))
}) {}

/** Until an organization sets its own (docs/choices.md): a common policy of security teams. */
export const defaultSlaConfig = SlaConfig.make({ criticalSla: 15, highSla: 30, mediumSla: 90, lowSla: 180 })

export const slaDays = (sla: SlaConfig, priority: SrmPriority): number =>
  priority === "Critical" ? sla.criticalSla : priority === "High" ? sla.highSla : priority === "Medium" ? sla.mediumSla : sla.lowSla

/** An open item is due soon within this many days of its deadline (as the original service counts). */
export const dueSoonDays = 15

const dayMillis = 86_400_000

/** The item's deadline: opened plus the organization's days for its priority. */
export const dueAtOf = (item: { readonly openedAt: string; readonly priority: SrmPriority }, sla: SlaConfig): string =>
  new Date(Date.parse(item.openedAt) + slaDays(sla, item.priority) * dayMillis).toISOString()

/**
 * An item's status, told at read time from its dates, the organization's SLA as it is now and the
 * clock: a changed SLA moves every deadline at once.
 */
export const statusOf = (
  item: { readonly openedAt: string; readonly closedAt?: string | undefined; readonly priority: SrmPriority; readonly ignored?: unknown },
  sla: SlaConfig,
  now: string
): SrmStatus => {
  if (item.ignored !== undefined) return "Ignored"
  const due = Date.parse(dueAtOf(item, sla))
  if (item.closedAt !== undefined) return Date.parse(item.closedAt) <= due ? "ClosedOnTime" : "ClosedLate"
  const left = due - Date.parse(now)
  return left < 0 ? "Overdue" : left <= dueSoonDays * dayMillis ? "DueSoon" : "OnTrack"
}

/**
 * What an analysis found that is a security matter, with the identity its item keeps across
 * commits: the identity for SAST, the rule, file and a hash of the secret for Secrets, the
 * package (without its version) and the advisory for SCA, so that upgrading to a version still
 * affected keeps the item, and upgrading past the fix closes it.
 */
export class SecurityFinding extends Schema.Class<SecurityFinding>("SecurityFinding")({
  key: Text,
  scanType: ScanType,
  title: Text,
  securityCategory: Text,
  priority: SrmPriority,
  /** The source's own id: the issue's `resultDataId`, the secret rule, the advisory. */
  itemSourceId: Text,
  filePath: Schema.optional(Text),
  line: Schema.optional(Schema.Int),
  cve: Schema.optional(Text),
  cwe: Schema.optional(Text),
  cvssScore: Schema.optional(Schema.Number),
  cvssVector: Schema.optional(Text),
  affectedVersion: Schema.optional(Text),
  fixedVersion: Schema.optional(Schema.Array(Text)),
  additionalInfo: Schema.optional(Text)
}) {}

/** Findings the most pressing first, then by identity: the order a change's are shown in. */
export const mostPressingFirst = (a: SecurityFinding, b: SecurityFinding): number =>
  priorityRank[b.priority] - priorityRank[a.priority] || a.key.localeCompare(b.key)

/** The findings of `head` that `base` did not have, by their identity: what a change brought in. */
export const newFindings = (head: ReadonlyArray<SecurityFinding>, base: ReadonlyArray<SecurityFinding>): ReadonlyArray<SecurityFinding> => {
  const before = new Set(base.map((finding) => finding.key))
  return head.filter((finding) => !before.has(finding.key))
}

/** Who set an item aside, when and why. */
export class ItemIgnore extends Schema.Class<ItemIgnore>("ItemIgnore")({
  at: Schema.String,
  by: IgnoredBy,
  reason: IgnoreReason,
  comment: Schema.optional(Text)
}) {}

/** A finding's item: the finding as last seen, the repository it is in, and its dates. */
export class SecurityItem extends Schema.Class<SecurityItem>("SecurityItem")({
  ...SecurityFinding.fields,
  id: Schema.UUID,
  repositoryId: Schema.Int,
  repository: Schema.String,
  openedAt: Schema.String,
  closedAt: Schema.optional(Schema.String),
  ignored: Schema.optional(ItemIgnore),
  /** When it was last brought back from ignored (the history counts these). */
  unignoredAt: Schema.optional(Schema.String)
}) {}

/** What a search, a count or the dashboard narrows the items to; each list empty = any. */
export interface ItemFilter {
  readonly repositories?: ReadonlyArray<string> | undefined
  readonly priorities?: ReadonlyArray<SrmPriority> | undefined
  readonly statuses?: ReadonlyArray<SrmStatus> | undefined
  /** Security categories; `_other_` matches items without one. */
  readonly categories?: ReadonlyArray<string> | undefined
  /** Any scan type the API names; those Tidemark does not run match nothing. */
  readonly scanTypes?: ReadonlyArray<string> | undefined
}

/** The item's category as the filters read it: `_other_` for an item without one. */
export const otherCategory = "_other_"

/** Whether an item passes a filter, its status as of `now` under `sla` (the memory store's rule; SQL says the same). */
export const passes = (item: SecurityItem, filter: ItemFilter, sla: SlaConfig, now: string): boolean =>
  (filter.repositories === undefined || filter.repositories.length === 0 || filter.repositories.includes(item.repository)) &&
  (filter.priorities === undefined || filter.priorities.length === 0 || filter.priorities.includes(item.priority)) &&
  (filter.categories === undefined || filter.categories.length === 0 ||
    filter.categories.includes(item.securityCategory === "" ? otherCategory : item.securityCategory)) &&
  (filter.scanTypes === undefined || filter.scanTypes.length === 0 || filter.scanTypes.includes(item.scanType)) &&
  (filter.statuses === undefined || filter.statuses.length === 0 || filter.statuses.includes(statusOf(item, sla, now)))

/** Search orders: by deadline (the default), by status (most urgent first), by when found. */
export const ItemOrder = Schema.Literal("DueAt", "Status", "DetectedAt")
export type ItemOrder = typeof ItemOrder.Type

/** The urgency of a status, for sorting by status: overdue first, ignored last. */
export const statusRank: Readonly<Record<SrmStatus, number>> = {
  Overdue: 0,
  DueSoon: 1,
  OnTrack: 2,
  ClosedLate: 3,
  ClosedOnTime: 4,
  Ignored: 5
}

/**
 * How a page of items is ordered: the chosen key in the chosen direction, then the deadline, then
 * the id, so that pages never overlap or skip.
 */
export const compareItems = (order: ItemOrder, direction: "asc" | "desc", sla: SlaConfig, now: string) => {
  // Each item's keys once: a sort compares an item many times, and a deadline is a date to compute.
  const keys = new Map<SecurityItem, { readonly key: string | number; readonly due: string }>()
  const keysOf = (item: SecurityItem) => {
    const known = keys.get(item)
    if (known !== undefined) return known
    const computed = {
      key: order === "Status" ? statusRank[statusOf(item, sla, now)] : order === "DetectedAt" ? item.openedAt : "",
      due: dueAtOf(item, sla)
    }
    keys.set(item, computed)
    return computed
  }
  const flip = direction === "desc" ? -1 : 1
  return (a: SecurityItem, b: SecurityItem): number => {
    const ka = keysOf(a)
    const kb = keysOf(b)
    if (ka.key !== kb.key) return (ka.key < kb.key ? -1 : 1) * flip
    if (ka.due !== kb.due) return (ka.due < kb.due ? -1 : 1) * (order === "DueAt" ? flip : 1)
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
  }
}

/** One group of open and closed items, as the dashboards count them. */
export interface ItemTally {
  readonly repositoryId: number
  readonly repository: string
  readonly priority: SrmPriority
  readonly status: SrmStatus
  readonly scanType: ScanType
  readonly securityCategory: string
  /** Opened in the seven days before now. */
  readonly newThisWeek: boolean
  readonly count: number
}
