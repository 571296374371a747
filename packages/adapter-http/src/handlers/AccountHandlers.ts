import { HttpApiBuilder } from "@effect/platform"
import { Catalogue, Organizations, RepositoryAnalysis } from "@tidemark/core"
import { Effect, Layer } from "effect"
import { Caller } from "../Authentication.js"
import { analysisErrors } from "../ErrorMapping.js"
import { TidemarkApi } from "../TidemarkApi.js"
import { asPage, commaSeparated, organizationAt } from "./HandlerShapes.js"

export const accountLayer = HttpApiBuilder.group(TidemarkApi, "account", (handlers) =>
  Effect.gen(function*() {
    const organizations = yield* Organizations
    return handlers
      .handle("listOrganizations", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) => organizations.list(caller, path.provider, urlParams.cursor, urlParams.limit)).pipe(analysisErrors))
      .handle("getOrganization", ({ path }) =>
        Effect.flatMap(Caller, (caller) => organizations.get(caller, organizationAt(path))).pipe(
          Effect.map((data) => ({ data })),
          analysisErrors
        ))
  }))

export const organizationRepositoriesLayer = HttpApiBuilder.group(TidemarkApi, "organizationRepositories", (handlers) =>
  Effect.gen(function*() {
    const analysis = yield* RepositoryAnalysis
    return handlers.handle("listOrganizationRepositories", ({ path, urlParams }) =>
      Effect.flatMap(Caller, (caller) =>
        analysis.repositoriesOf(caller, organizationAt(path), {
          search: urlParams.search,
          filter: urlParams.filter,
          languages: commaSeparated(urlParams.languages),
          segments: commaSeparated(urlParams.segments),
          cursor: urlParams.cursor,
          limit: urlParams.limit
        })).pipe(Effect.map(asPage), analysisErrors))
  }))

export const catalogueLayer = HttpApiBuilder.group(TidemarkApi, "catalogue", (handlers) =>
  Effect.gen(function*() {
    const catalogue = yield* Catalogue
    return handlers
      .handle("listTools", ({ urlParams }) => catalogue.tools(urlParams.cursor, urlParams.limit).pipe(Effect.map(asPage), analysisErrors))
      .handle("getPattern", ({ path }) =>
        catalogue.pattern(path.toolUuid, path.patternId).pipe(Effect.map((data) => ({ data })), analysisErrors))
  }))

export const layer = Layer.mergeAll(accountLayer, organizationRepositoriesLayer, catalogueLayer)
