/**
 * Security and risk as the dashboard shows it: an organization's security item as
 * searchSecurityItems answers it (the subset the Security page shows), the dashboard's counts,
 * and the order the page lists a page of items in.
 */
import { literal, number, optional, string, struct } from "../shared/Decode.js"
import { data, page } from "../shared/Envelope.js"

export const priorities = ["Critical", "High", "Medium", "Low"] as const
export type Priority = (typeof priorities)[number]

export const statuses = ["Overdue", "DueSoon", "OnTrack", "ClosedLate", "ClosedOnTime", "Ignored"] as const
export type Status = (typeof statuses)[number]

/** The scans Tidemark runs (SecurityItems.ScanType); the API knows more, none of which it reports. */
export const scanTypes = ["SAST", "SCA", "Secrets"] as const

export const statusLabels: Readonly<Record<Status, string>> = {
  Overdue: "Overdue",
  DueSoon: "Due soon",
  OnTrack: "On track",
  ClosedLate: "Closed late",
  ClosedOnTime: "Closed on time",
  Ignored: "Ignored"
}

export interface SecurityItem {
  readonly id: string
  readonly title: string
  readonly repository?: string | undefined
  readonly dueAt: string
  readonly priority: Priority
  readonly status: Status
  readonly scanType?: string | undefined
  readonly cve?: string | undefined
  readonly affectedVersion?: string | undefined
  /** Where the finding is: `file:line` for a code finding, followed by what else the scan said. */
  readonly additionalInfo?: string | undefined
}

export const readSecurityItemPage = page(struct<SecurityItem>({
  id: string,
  title: string,
  repository: optional(string),
  dueAt: string,
  priority: literal(...priorities),
  status: literal(...statuses),
  scanType: optional(string),
  cve: optional(string),
  affectedVersion: optional(string),
  additionalInfo: optional(string)
}))

/** getSecurityDashboard's counts the page shows: open items by priority, and by deadline. */
export interface SecurityCounts {
  readonly totalOpen: number
  readonly overdue: number
  readonly dueSoon: number
  readonly onTrack: number
  readonly openCritical: number
  readonly openHigh: number
  readonly openMedium: number
  readonly openLow: number
}

export const readSecurityCounts = data(struct<SecurityCounts>({
  totalOpen: number,
  overdue: number,
  dueSoon: number,
  onTrack: number,
  openCritical: number,
  openHigh: number,
  openMedium: number,
  openLow: number
}))

/**
 * A page's items with the overdue ones first. The API orders by due date, so an item closed late
 * or ignored may come before one overdue; moving the overdue items up within the page (the
 * sort is stable) keeps the API's order otherwise and its cursor valid, which asking for the
 * overdue items in a request of their own would not.
 */
export const overdueFirst = (items: ReadonlyArray<SecurityItem>): ReadonlyArray<SecurityItem> =>
  [...items].sort((a, b) => Number(b.status === "Overdue") - Number(a.status === "Overdue"))

/** Where a finding is: its file and line, else the package and version a vulnerable dependency pins. */
export const locationOf = (item: SecurityItem): string | undefined => {
  if (item.additionalInfo !== undefined && item.additionalInfo !== "") return item.additionalInfo
  return item.affectedVersion === undefined ? undefined : `version ${item.affectedVersion}`
}
