import { Args, Command, Options } from "@effect/cli"
import { IssuedToken } from "@tidemark/core"
import { Console, Effect, Schema } from "effect"
import { TidemarkClient, connectionOptions, withClient } from "./Client.js"
import { type OrganizationCoordinates, organizationArg, organizationLabel, organizationPath } from "./Coordinates.js"
import { renderTable } from "./Table.js"

/**
 * `tidemark token list` and `tidemark token revoke`: the secrets issued to an organization (API
 * tokens, repository tokens, ingestion keys), never shown again, and revoked by id. A leaked
 * secret's id is its middle part (`tmt.<id>.…`), which redacted logs keep.
 */

const json = Options.boolean("json").pipe(Options.withDescription("print the API's answer (every page's tokens in one `data`)"))

const tokenId = Args.text({ name: "token-id" }).pipe(
  Args.withDescription("the token's id: the middle part of tmt.<id>.…, tmr.<id>.… or tmk.<id>.… (see `token list`)")
)

const TokenList = Schema.Struct({ data: Schema.Array(IssuedToken.IssuedToken) })

/** Every page of the organization's tokens, oldest first. */
const allTokens = (at: OrganizationCoordinates) =>
  Effect.gen(function*() {
    const client = yield* TidemarkClient
    const tokens: Array<IssuedToken.IssuedToken> = []
    let cursor: string | undefined
    do {
      const page = yield* client.call(client.api.tokens.listOrganizationTokens({
        path: organizationPath(at),
        urlParams: cursor === undefined ? {} : { cursor }
      }))
      tokens.push(...page.data)
      cursor = page.pagination.cursor
    } while (cursor !== undefined)
    return tokens
  })

const list = Command.make(
  "list",
  { organization: organizationArg, json, ...connectionOptions },
  ({ json, organization }) =>
    Effect.gen(function*() {
      const tokens = yield* allTokens(organization)
      if (json) {
        return yield* Schema.encode(Schema.parseJson(TokenList, { space: 2 }))({ data: tokens }).pipe(Effect.orDie, Effect.flatMap(Console.log))
      }
      if (tokens.length === 0) return yield* Console.log(`No tokens issued for ${organizationLabel(organization)}.`)
      yield* Console.log(renderTable(
        ["ID", "KIND", "PERMISSION", "REPOSITORY", "CREATED", "LAST USED"],
        tokens.map((token) => [token.id, token.kind, token.permission, token.repository ?? "-", token.createdAt, token.lastUsedAt ?? "never"])
      ))
    })
).pipe(
  Command.withDescription(
    "List an organization's API tokens (api), repository tokens (repository) and ingestion keys (ingestion), with when each was last used; never a secret."
  ),
  withClient
)

const revoke = Command.make(
  "revoke",
  { organization: organizationArg, tokenId, ...connectionOptions },
  ({ organization, tokenId }) =>
    Effect.gen(function*() {
      const client = yield* TidemarkClient
      yield* client.call(client.api.tokens.revokeOrganizationToken({
        path: { ...organizationPath(organization), tokenId: encodeURIComponent(tokenId) }
      }))
      yield* Console.log(`Revoked token ${tokenId} of ${organizationLabel(organization)}: it is refused from now on.`)
    })
).pipe(
  Command.withDescription("Revoke one of an organization's API tokens, repository tokens or ingestion keys by its id."),
  withClient
)

export const issuedTokenCommands = [list, revoke] as const
