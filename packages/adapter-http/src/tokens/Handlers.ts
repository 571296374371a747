import { HttpApiBuilder } from "@effect/platform"
import { Access, Tokens } from "@tidemark/core"
import { Effect } from "effect"
import { answer, answerPage, answerWith, organizationAt, repositoryAt, type RequestOf } from "../HandlerShapes.js"
import { TidemarkApi } from "../TidemarkApi.js"
import { type createApiToken, type createRepositoryToken, IssuedSecret } from "./Api.js"

export const layer = HttpApiBuilder.group(TidemarkApi, "tokens", (handlers) =>
  Effect.gen(function*() {
    const tokens = yield* Tokens.Tokens
    return handlers
      .handle("listOrganizationTokens", ({ path, urlParams }) => answerPage((caller) => tokens.list(caller, organizationAt(path), urlParams)))
      .handle("revokeOrganizationToken", ({ path }) => answer((caller) => tokens.revoke(caller, organizationAt(path), path.tokenId)))
  }))

/** The admin group's operations that issue secrets (see admin/Handlers.ts). */
export const adminHandlers = Effect.map(Access.Access, (access) => {
  // createApiToken and createIngestionKey take the same request.
  const issue = (kind: "api" | "ingestion") => ({ path, payload }: RequestOf<typeof createApiToken>) =>
    answerWith(
      // Ingestion keys only push events, so `write` is what they carry unless asked otherwise.
      (caller) => access.issueFor(caller, organizationAt(path), kind, payload.permission ?? "write"),
      ({ credential, secret }) => ({ data: new IssuedSecret({ id: credential.id, kind, permission: credential.permission, secret }) })
    )
  return {
    createApiToken: issue("api"),
    createIngestionKey: issue("ingestion"),
    createRepositoryToken: ({ path }: RequestOf<typeof createRepositoryToken>) =>
      answerWith(
        (caller) => access.issueRepositoryToken(caller, repositoryAt(path)),
        ({ credential, secret }) => ({
          data: new IssuedSecret({ id: credential.id, kind: "repository", permission: credential.permission, secret })
        })
      )
  }
})
