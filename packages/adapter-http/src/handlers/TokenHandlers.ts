import { HttpApiBuilder } from "@effect/platform"
import { Tokens } from "@tidemark/core"
import { Effect } from "effect"
import { Caller } from "../Authentication.js"
import { analysisErrors } from "../ErrorMapping.js"
import { TidemarkApi } from "../TidemarkApi.js"
import { asPage, organizationAt } from "./HandlerShapes.js"

export const layer = HttpApiBuilder.group(TidemarkApi, "tokens", (handlers) =>
  Effect.gen(function*() {
    const tokens = yield* Tokens
    return handlers
      .handle("listOrganizationTokens", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) => tokens.list(caller, organizationAt(path), urlParams)).pipe(
          Effect.map(asPage),
          analysisErrors
        ))
      .handle("revokeOrganizationToken", ({ path }) =>
        Effect.flatMap(Caller, (caller) => tokens.revoke(caller, organizationAt(path), path.tokenId)).pipe(analysisErrors))
  }))
