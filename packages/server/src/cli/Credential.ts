import { Command, Options } from "@effect/cli"
import type { IssuedSecret } from "@tidemark/adapter-http"
import { CreateCredentialBody, Permission } from "@tidemark/core"
import { Console, Effect, Option } from "effect"
import { TidemarkClient, connectionOptions, withClient } from "./Client.js"
import { type OrganizationCoordinates, organizationArg, organizationLabel, organizationPath } from "./Coordinates.js"

/**
 * `tidemark token create` and `tidemark key create`: secrets of an organization. The secret is
 * shown once (the server keeps only its hash) and printed alone on the last line, so that scripts
 * can take it with `tail -n 1`.
 */

const permission = Options.choice("permission", Permission.literals).pipe(
  Options.withDescription("what the token may do in the organization (default: write)"),
  Options.optional
)

const announce = (title: string, at: OrganizationCoordinates, issued: IssuedSecret) =>
  Console.log(`${title} for ${organizationLabel(at)} (id ${issued.id}, permission ${issued.permission}), shown once:\n${issued.secret}`)

const createToken = Command.make(
  "create",
  { organization: organizationArg, permission, ...connectionOptions },
  ({ organization, permission }) =>
    Effect.gen(function*() {
      const client = yield* TidemarkClient
      const { data } = yield* client.call(client.api.admin.createApiToken({
        path: organizationPath(organization),
        payload: new CreateCredentialBody({ permission: Option.getOrUndefined(permission) })
      }))
      yield* announce("API token", organization, data)
    })
).pipe(
  Command.withDescription("Issue an API token (the api-token header of the analysis API) for an organization."),
  withClient
)

const createKey = Command.make(
  "create",
  { organization: organizationArg, ...connectionOptions },
  ({ organization }) =>
    Effect.gen(function*() {
      const client = yield* TidemarkClient
      const { data } = yield* client.call(client.api.admin.createIngestionKey({
        path: organizationPath(organization),
        payload: new CreateCredentialBody({})
      }))
      yield* announce("Ingestion key", organization, data)
    })
).pipe(
  Command.withDescription("Issue an ingestion key (the api_key of the ingestion API) for an organization."),
  withClient
)

/** `tidemark token ...` */
export const token = Command.make("token").pipe(
  Command.withDescription("Manage API tokens."),
  Command.withSubcommands([createToken])
)

/** `tidemark key ...` */
export const key = Command.make("key").pipe(
  Command.withDescription("Manage ingestion keys."),
  Command.withSubcommands([createKey])
)
