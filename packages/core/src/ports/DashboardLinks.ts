import { Context, Layer } from "effect"
import type { ChangeSubject } from "../domain/ChangeAnalysis.js"
import { dashboardAddressOf } from "../domain/DashboardAddresses.js"
import type { RepositoryRecord } from "../domain/Records.js"

/**
 * Where Tidemark's dashboard shows a commit's or a pull request's verdict, for a git host's
 * "Details" link beside the status. Tidemark does not know the address people reach it at unless it
 * is told (`DashboardLinks.at`): without it, no link is sent.
 */
export class DashboardLinks extends Context.Reference<DashboardLinks>()("@tidemark/core/DashboardLinks", {
  defaultValue: (): {
    readonly of: (repository: RepositoryRecord, subject: ChangeSubject) => string | undefined
  } => ({ of: () => undefined })
}) {
  /** Links to the dashboard at `base` (e.g. `https://tidemark.example.com`). */
  static readonly at = (base: string) => Layer.succeed(DashboardLinks, { of: dashboardAddressOf(base) })
}
