import { HttpApiBuilder } from "@effect/platform"
import { BranchHistory } from "@tidemark/core"
import { Effect } from "effect"
import { Caller } from "../Authentication.js"
import { analysisErrors } from "../ErrorMapping.js"
import { TidemarkApi } from "../TidemarkApi.js"
import { asPage, repositoryAt } from "./HandlerShapes.js"

export const layer = HttpApiBuilder.group(TidemarkApi, "branchHistory", (handlers) =>
  Effect.gen(function*() {
    const history = yield* BranchHistory
    return handlers.handle("listBranchHistory", ({ path, urlParams }) =>
      Effect.flatMap(Caller, (caller) => history.list(caller, repositoryAt(path), urlParams)).pipe(Effect.map(asPage), analysisErrors))
  }))
