import { HttpApiBuilder, HttpApp, HttpBody, HttpServerResponse } from "@effect/platform"
import { Sbom } from "@tidemark/core"
import { Effect } from "effect"
import { answer, experimental, organizationAt, repositoryAt } from "../HandlerShapes.js"
import { TidemarkApi } from "../TidemarkApi.js"

/** CycloneDX's own media type, downloaded as a file named for the repository. */
const asCycloneDx = (repository: string) =>
  HttpApp.appendPreResponseHandler((_request, response) =>
    Effect.succeed(
      // The media type is the body's own: the JSON the API encoded, relabelled.
      HttpServerResponse.setHeader(
        response.body._tag === "Uint8Array"
          ? HttpServerResponse.setBody(response, HttpBody.uint8Array(response.body.body, "application/vnd.cyclonedx+json"))
          : response,
        "content-disposition",
        `attachment; filename="${repository.replace(/[^A-Za-z0-9._-]/g, "_")}.cdx.json"`
      )
    ))

export const layer = HttpApiBuilder.group(TidemarkApi, "sbom", (handlers) =>
  Effect.gen(function*() {
    const sbom = yield* Sbom.Sbom
    return handlers
      .handle("searchSbomDependencies", ({ path, urlParams }) =>
        answer((caller) =>
          sbom.searchDependencies(caller, organizationAt(path), urlParams, { sortColumn: urlParams.sortColumn, columnOrder: urlParams.columnOrder })))
      .handle("searchRepositoriesOfSbomDependency", ({ path, payload, urlParams }) =>
        Effect.zipLeft(answer((caller) => sbom.repositoriesOfDependency(caller, organizationAt(path), payload.dependencyFullName, urlParams)), experimental))
      .handle("searchSbomRepositories", ({ path, urlParams }) =>
        Effect.zipLeft(answer((caller) => sbom.searchRepositories(caller, organizationAt(path), urlParams)), experimental))
      .handle("downloadRepositorySbom", ({ path }) =>
        Effect.zipLeft(answer((caller) => sbom.cycloneDx(caller, repositoryAt(path))), asCycloneDx(path.repositoryName)))
  }))
