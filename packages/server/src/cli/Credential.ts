import { Args, Command, Options } from "@effect/cli"
import type { IssuedSecret } from "@tidemark/adapter-http"
import { Bodies, Repository } from "@tidemark/core"
import { Console, Effect, Option, Schema } from "effect"
import { TidemarkClient, connectionOptions, withClient } from "./Client.js"
import {
  type OrganizationCoordinates,
  OrganizationFromString,
  organizationArg,
  organizationLabel,
  organizationPath,
  RepositoryFromString,
  repositoryLabel,
  repositoryPath
} from "./Coordinates.js"
import { issuedTokenCommands } from "./IssuedTokens.js"
import { decodeArgument } from "./SchemaInput.js"

/**
 * `tidemark token create` and `tidemark key create`: secrets of an organization. The secret is
 * shown once (the server keeps only its hash) and printed alone on the last line, so that scripts
 * can take it with `tail -n 1`.
 */

const permission = Options.choice("permission", Repository.Permission.literals).pipe(
  Options.withDescription("what the token may do in the organization (default: write)"),
  Options.optional
)

const announce = (title: string, at: OrganizationCoordinates, issued: IssuedSecret) =>
  Console.log(`${title} for ${organizationLabel(at)} (id ${issued.id}, permission ${issued.permission}), shown once:\n${issued.secret}`)

/**
 * `<provider>/<organization>` names an organization (an API token), one more segment a repository
 * (a repository token). A GitLab subgroup holds slashes itself: `--organization` reads the whole
 * argument as an organization.
 */
const tokenTarget = Args.text({ name: "provider/organization[/name]" }).pipe(
  // A repository when a name can be read after the organization, else an organization.
  Args.mapEffect(decodeArgument(Schema.Union(RepositoryFromString, OrganizationFromString))),
  Args.withDescription("the organization (API token), e.g. gh/acme, or the repository (repository token), e.g. gh/acme/widgets")
)

const wholeOrganization = Options.boolean("organization").pipe(
  Options.withDescription("the argument names an organization even with more than two segments (a GitLab subgroup)")
)


const createApiToken = (at: OrganizationCoordinates, permission: Option.Option<Repository.Permission>) =>
  Effect.gen(function*() {
    const client = yield* TidemarkClient
    const { data } = yield* client.call(client.api.admin.createApiToken({
      path: organizationPath(at),
      payload: new Bodies.CreateCredentialBody({ permission: Option.getOrUndefined(permission) })
    }))
    yield* announce("API token", at, data)
  })

const createRepositoryToken = (at: Schema.Schema.Type<typeof RepositoryFromString>) =>
  Effect.gen(function*() {
    const client = yield* TidemarkClient
    const { data } = yield* client.call(client.api.admin.createRepositoryToken({ path: repositoryPath(at) }))
    yield* Console.log(`Repository token for ${repositoryLabel(at)} (id ${data.id}, coverage uploads only), shown once:\n${data.secret}`)
  })

const createToken = Command.make(
  "create",
  { target: tokenTarget, organization: wholeOrganization, permission, ...connectionOptions },
  ({ organization, permission, target }) => {
    if (!("name" in target)) return createApiToken(target, permission)
    return organization
      ? createApiToken({ provider: target.provider, organization: `${target.organization}/${target.name}` }, permission)
      : createRepositoryToken(target)
  }
).pipe(
  Command.withDescription(
    "Issue an API token (the api-token header of the analysis API) for an organization, or a repository token (the coverage reporters' project-token) for a repository."
  ),
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
        payload: new Bodies.CreateCredentialBody({})
      }))
      yield* announce("Ingestion key", organization, data)
    })
).pipe(
  Command.withDescription("Issue an ingestion key (the api_key of the ingestion API) for an organization."),
  withClient
)

/** `tidemark token ...` */
export const token = Command.make("token").pipe(
  Command.withDescription("Manage an organization's API tokens and repository tokens; list and revoke its ingestion keys too."),
  Command.withSubcommands([createToken, ...issuedTokenCommands])
)

/** `tidemark key ...` */
export const key = Command.make("key").pipe(
  Command.withDescription("Manage ingestion keys."),
  Command.withSubcommands([createKey])
)
