import { HttpApiEndpoint, OpenApi } from "@effect/platform"
import { AdvisoryImports } from "@tidemark/core"
import { Schema } from "effect"

/**
 * Vulnerability advisories (our extension, admin): the installation admin imports OSV records in
 * batches (`tidemark advisories import` reads OSV's export and sends them), then asks for every
 * dependency inventory to be matched again.
 */

const path = "/admin/advisories"

/** Admin (our extension). */
export const importAdvisories = HttpApiEndpoint.post("importAdvisories", path)
  .setPayload(AdvisoryImports.ImportAdvisoriesBody)
  .addSuccess(Schema.Struct({ data: AdvisoryImports.AdvisoryImportResult }))
  .annotate(
    OpenApi.Description,
    `Imports a batch of OSV records (at most ${AdvisoryImports.maxRecordsPerImport}): each kept by id, a newer copy replacing an older one, ` +
      "withdrawn ones removed, those of ecosystems Tidemark does not read skipped, invalid ones named. Only the installation admin may."
  )

/** Admin (our extension). */
export const getAdvisoryImport = HttpApiEndpoint.get("getAdvisoryImport", path)
  .addSuccess(Schema.Struct({ data: AdvisoryImports.AdvisoryImportStatus }))
  .annotate(OpenApi.Description, "When advisories were last imported, and how many are kept.")

/** Admin (our extension). */
export const matchAdvisories = HttpApiEndpoint.post("matchAdvisories", `${path}/match`)
  .addSuccess(Schema.Struct({ data: AdvisoryImports.AdvisoryMatchResult }))
  .annotate(
    OpenApi.Description,
    "Matches every repository's dependency inventory older than the last import against the advisories again, " +
      "opening and closing its vulnerable-dependency items without analysing it again."
  )
