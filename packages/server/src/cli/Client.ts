import { Command, HelpDoc, Options, ValidationError } from "@effect/cli"
import { type HttpApi, HttpApiClient, HttpClient, HttpClientRequest } from "@effect/platform"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import { TidemarkApi } from "@tidemark/adapter-http"
import { HttpUrl } from "@tidemark/core"
import { Config, Context, Effect, Layer, Option, Redacted } from "effect"
import { type ApiCallError, type ClientError, fromApiCall } from "./ClientError.js"
import { decodeOption } from "./SchemaInput.js"

export const defaultUrl = "http://127.0.0.1:8080"

/** Where the server listens and the token to call it with. */
export interface Connection {
  readonly url: string
  readonly token: Redacted.Redacted
}

// A CI job needs only its organization's token (a read token for `gate`, write to upload coverage):
// TIDEMARK_TOKEN names it so; the installation's admin token stays the fallback an operator has set.
const tokenFromEnvironment = Config.redacted("TIDEMARK_TOKEN").pipe(
  Config.orElse(() => Config.redacted("TIDEMARK_ADMIN_TOKEN")),
  Effect.mapError(() =>
    ValidationError.missingValue(HelpDoc.p("no token: set TIDEMARK_TOKEN (or TIDEMARK_ADMIN_TOKEN) or pass --token"))
  )
)

/** The options every command that calls the server takes; the environment supplies them when absent. */
export const connectionOptions = {
  url: Options.text("url").pipe(
    Options.withPseudoName("URL"),
    Options.withFallbackConfig(Config.string("TIDEMARK_URL").pipe(Config.withDefault(defaultUrl))),
    Options.mapEffect(decodeOption("--url", HttpUrl.HttpUrl)),
    Options.withDescription(`base URL of the Tidemark server (default: TIDEMARK_URL, else ${defaultUrl})`)
  ),
  token: Options.redacted("token").pipe(
    Options.withPseudoName("TOKEN"),
    Options.optional,
    Options.mapEffect(Option.match({ onSome: Effect.succeed, onNone: () => tokenFromEnvironment })),
    Options.withDescription(
      "API token (default: TIDEMARK_TOKEN, else TIDEMARK_ADMIN_TOKEN; prefer the variables, arguments show in process lists)"
    )
  )
} as const

/** Every endpoint of the server as a function, with the error bodies the API declares. */
export type TidemarkApiClient = typeof TidemarkApi extends HttpApi.HttpApi<infer _Id, infer Groups, infer ApiError, infer _R>
  ? HttpApiClient.Client<Groups, ApiError, never>
  : never

export interface TidemarkClientService {
  readonly api: TidemarkApiClient
  /** The server's base URL, without a trailing slash. */
  readonly url: string
  /** Runs a call, turning its failures into what a user of the command can act on. */
  readonly call: <A, R>(request: Effect.Effect<A, ApiCallError, R>) => Effect.Effect<A, ClientError, R>
}

/**
 * The API client, derived from the same definition the server serves, so that paths, bodies and
 * error bodies cannot drift apart.
 */
const make = (connection: Connection): Effect.Effect<TidemarkClientService, never, HttpClient.HttpClient> => {
  const url = connection.url.replace(/\/+$/, "")
  const authenticated = HttpClient.mapRequest(HttpClientRequest.setHeader("api-token", Redacted.value(connection.token)))
  return HttpApiClient.make(TidemarkApi, { baseUrl: url, transformClient: authenticated }).pipe(
    Effect.map((api): TidemarkClientService => ({
      api,
      url,
      call: <A, R>(request: Effect.Effect<A, ApiCallError, R>): Effect.Effect<A, ClientError, R> =>
        Effect.catchAll(request, fromApiCall(url))
    }))
  )
}

export class TidemarkClient extends Context.Tag("@tidemark/server/cli/TidemarkClient")<
  TidemarkClient,
  TidemarkClientService
>() {
  static readonly layer = (connection: Connection) =>
    Layer.effect(TidemarkClient, make(connection)).pipe(Layer.provide(NodeHttpClient.layer))
}

/** Gives a command's handler the client, built from the command's own `--url` and `--token`. */
export const withClient = <Name extends string, R, E, A extends Connection>(command: Command.Command<Name, R, E, A>) =>
  Command.provide(command, (config: A) => TidemarkClient.layer(config))
