import { HttpApiBuilder } from "@effect/platform"
import { Catalogue } from "@tidemark/core"
import { Effect } from "effect"
import { analysisErrors } from "../ErrorMapping.js"
import { asData, asPage } from "../HandlerShapes.js"
import { TidemarkApi } from "../TidemarkApi.js"

/** No caller: the catalogue is the same for anyone. */
export const layer = HttpApiBuilder.group(TidemarkApi, "catalogue", (handlers) =>
  Effect.gen(function*() {
    const catalogue = yield* Catalogue.Catalogue
    return handlers
      .handle("listTools", ({ urlParams }) => catalogue.tools(urlParams.cursor, urlParams.limit).pipe(Effect.map(asPage), analysisErrors))
      .handle("listPatterns", ({ path, urlParams }) =>
        catalogue.patterns(path.toolUuid, urlParams).pipe(Effect.map(asPage), analysisErrors))
      .handle("getPattern", ({ path }) => catalogue.pattern(path.toolUuid, path.patternId).pipe(Effect.map(asData), analysisErrors))
  }))
