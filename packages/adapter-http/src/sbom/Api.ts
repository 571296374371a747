import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { CycloneDx, SbomViews } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { OrganizationParams, PageParams, plainRepositoryPath, RepositoryParams } from "../ApiParams.js"
import { Authentication } from "../Authentication.js"

/**
 * The software bill of materials (issue 28): the packages the organization's repositories pin (their
 * latest analysed default-branch lockfiles), where each is used, with its open vulnerable-dependency
 * findings; and a repository's SBOM as CycloneDX (our extension). Any token of the organization reads them.
 */

const sbomPath = "/organizations/:provider/:remoteOrganizationName/sbom"

/** An optional body: a request without one reads as `null`; the original defines no filter in it. */
const AnyBody = Schema.NullOr(Schema.Struct({}).annotations({ identifier: "SearchSbomBody" }))

export class SbomGroup extends HttpApiGroup.make("sbom")
  .add(
    HttpApiEndpoint.post("searchSbomDependencies", `${sbomPath}/dependencies/search`)
      .setPath(OrganizationParams)
      .setUrlParams(Schema.Struct({
        ...PageParams,
        sortColumn: Schema.optional(Schema.Literal("severity", "ossfScore")),
        columnOrder: Schema.optional(Schema.Literal("asc", "desc"))
      }))
      .setPayload(AnyBody)
      .addSuccess(SbomViews.SearchSbomDependenciesResponse)
  )
  .add(
    HttpApiEndpoint.post("searchRepositoriesOfSbomDependency", `${sbomPath}/dependencies/repositories/search`)
      .setPath(OrganizationParams)
      .setUrlParams(Schema.Struct(PageParams))
      .setPayload(SbomViews.SearchRepositoriesOfSbomDependencyBody)
      .addSuccess(SbomViews.SearchRepositoriesOfSbomDependencyResponse)
  )
  .add(
    HttpApiEndpoint.post("searchSbomRepositories", `${sbomPath}/repositories/search`)
      .setPath(OrganizationParams)
      .setUrlParams(Schema.Struct(PageParams))
      .setPayload(AnyBody)
      .addSuccess(SbomViews.SearchSbomRepositoriesResponse)
  )
  .add(
    HttpApiEndpoint.get("downloadRepositorySbom", `${plainRepositoryPath}/sbom`)
      .setPath(RepositoryParams)
      .addSuccess(CycloneDx.CycloneDxDocument)
      .annotate(
        OpenApi.Description,
        "Our extension: the repository's dependencies as a CycloneDX 1.5 JSON document (application/vnd.cyclonedx+json), " +
          "from its latest analysed default-branch commit."
      )
  )
  .middleware(Authentication)
  .pipe(ApiErrors.reads)
{}
