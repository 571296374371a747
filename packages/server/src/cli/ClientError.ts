import { HttpClientError } from "@effect/platform"
import type { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import type { HttpErrors } from "@tidemark/adapter-http"
import { Effect, ParseResult, Predicate, Schema } from "effect"

/** What can go wrong when a command calls the server, as the command's user needs to hear it. */

/** The server answered with one of its error bodies (`{error, message}`): a wrong token, an unknown organization... */
export class ServerRejected extends Schema.TaggedError<ServerRejected>()("ServerRejected", {
  status: Schema.optional(Schema.Int),
  error: Schema.String,
  message: Schema.String
}) {}

/** No answer at all: nothing listens at the URL, a DNS failure, a refused or reset connection. */
export class ServerUnreachable extends Schema.TaggedError<ServerUnreachable>()("ServerUnreachable", {
  url: Schema.String,
  reason: Schema.String
}) {
  override get message() {
    return `cannot reach the Tidemark server at ${this.url} (${this.reason}); is it running? (set --url or TIDEMARK_URL)`
  }
}

/** An answer this client does not understand: another program on the port, or a server of another version. */
export class UnexpectedResponse extends Schema.TaggedError<UnexpectedResponse>()("UnexpectedResponse", {
  url: Schema.String,
  status: Schema.optional(Schema.Int),
  detail: Schema.String
}) {
  override get message() {
    const status = this.status === undefined ? "" : ` (HTTP ${this.status})`
    return `unexpected answer from ${this.url}${status}: ${this.detail}`
  }
}

export type ClientError = ServerRejected | ServerUnreachable | UnexpectedResponse

/** What the generated API client fails with: the error bodies the API declares, transport and decoding errors. */
export type ApiCallError =
  | HttpErrors.AnalysisError
  | HttpApiDecodeError
  | HttpClientError.HttpClientError
  | ParseResult.ParseError

/** The body every error of the analysis and admin APIs carries; also read from statuses an endpoint does not declare. */
const ErrorBody = Schema.Struct({ error: Schema.String, message: Schema.String })
const decodeErrorBody = Schema.decodeUnknownOption(Schema.parseJson(ErrorBody))

/** The innermost `cause` of an error chain: the socket's own words (`connect ECONNREFUSED 127.0.0.1:8080`). */
const rootMessage = (error: unknown): string => {
  if (Predicate.hasProperty(error, "cause") && error.cause instanceof Error) return rootMessage(error.cause)
  return error instanceof Error ? error.message : String(error)
}

const fromResponse = (url: string, error: HttpClientError.ResponseError) =>
  error.response.text.pipe(
    Effect.orElseSucceed(() => ""),
    Effect.map((text): ClientError => {
      const status = error.response.status
      const body = decodeErrorBody(text)
      return body._tag === "Some"
        ? new ServerRejected({ status, ...body.value })
        : new UnexpectedResponse({ url, status, detail: text.slice(0, 200) || error.reason })
    })
  )

/** Turns a failed API call into what the command reports. */
export const fromApiCall = (url: string) => (error: ApiCallError): Effect.Effect<never, ClientError> => {
  if (ParseResult.isParseError(error)) {
    return Effect.fail(new UnexpectedResponse({ url, detail: ParseResult.TreeFormatter.formatErrorSync(error) }))
  }
  if (HttpClientError.isHttpClientError(error)) {
    return error._tag === "ResponseError"
      ? Effect.flatMap(fromResponse(url, error), Effect.fail)
      : Effect.fail(
        error.reason === "Transport"
          ? new ServerUnreachable({ url, reason: rootMessage(error) })
          : new UnexpectedResponse({ url, detail: `${error.reason}: ${error.description ?? rootMessage(error)}` })
      )
  }
  // The server answers undecodable input with its BadRequest body; the client may read it as the framework's own error.
  return Effect.fail(new ServerRejected({ error: "error" in error ? error.error : "BadRequest", message: error.message }))
}
