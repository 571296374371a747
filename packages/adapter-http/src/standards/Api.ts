import { HttpApiEndpoint } from "@effect/platform"
import { Bodies, Records } from "@tidemark/core"
import { Schema } from "effect"
import { OrganizationParams } from "../ApiParams.js"

/** An organization's coding standards (our extension, on the admin API): made, read, applied to repositories. */

const standardsPath = "/organizations/:provider/:remoteOrganizationName/coding-standards"
const StandardParams = Schema.Struct({ ...OrganizationParams.fields, codingStandardId: Schema.NumberFromString.pipe(Schema.int()) })
const ApplicationParams = Schema.Struct({ ...StandardParams.fields, repositoryName: Schema.String })

export const createCodingStandard = HttpApiEndpoint.post("createCodingStandard", standardsPath)
  .setPath(OrganizationParams)
  .setPayload(Bodies.CreateStandardBody)
  .addSuccess(Schema.Struct({ data: Records.CodingStandard }), { status: 201 })

export const listCodingStandards = HttpApiEndpoint.get("listCodingStandards", standardsPath)
  .setPath(OrganizationParams)
  .addSuccess(Schema.Struct({ data: Schema.Array(Records.CodingStandard) }))

export const getCodingStandard = HttpApiEndpoint.get("getCodingStandard", `${standardsPath}/:codingStandardId`)
  .setPath(StandardParams)
  .addSuccess(Schema.Struct({ data: Records.CodingStandard }))

export const applyCodingStandard = HttpApiEndpoint.put(
  "applyCodingStandard",
  `${standardsPath}/:codingStandardId/repositories/:repositoryName`
)
  .setPath(ApplicationParams)
  .addSuccess(Schema.Void, { status: 204 })

export const unapplyCodingStandard = HttpApiEndpoint.del(
  "unapplyCodingStandard",
  `${standardsPath}/:codingStandardId/repositories/:repositoryName`
)
  .setPath(ApplicationParams)
  .addSuccess(Schema.Void, { status: 204 })
