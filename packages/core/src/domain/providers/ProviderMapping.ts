import { Either, ParseResult, Schema } from "effect"
import type { IngestionProvider } from "../IngestionEnvelope.js"
import { Change, Deployment, type Event, Incident } from "../IngestionEvents.js"
import { ProviderPayloadError } from "./ProviderPayloadError.js"

/** Request headers kept with a provider payload, names in lower case (e.g. `x-github-event`). */
export type ProviderHeaders = Readonly<Record<string, string>>

/** A webhook body: a JSON object. */
export type JsonObject = { readonly [key: string]: unknown }

/** Maps one provider payload to core events; an event the metrics do not use maps to `[]`. */
export type ProviderMapping = (
  headers: ProviderHeaders,
  payload: JsonObject
) => Either.Either<ReadonlyArray<Event>, ProviderPayloadError>

/** `commits.0.timestamp: expected …` — one entry per problem, the path first. */
const explain = (error: ParseResult.ParseError): string =>
  ParseResult.ArrayFormatter.formatErrorSync(error)
    .map(({ message, path }) => (path.length === 0 ? message : `${path.join(".")}: ${message}`))
    .join("; ")

/** Decodes the part of a payload a mapping reads; `what` names the provider event in the reason. */
export const decodePayload = <A, I>(schema: Schema.Schema<A, I>, provider: IngestionProvider) => {
  const decode = Schema.decodeUnknownEither(schema)
  return (payload: unknown, what: string): Either.Either<A, ProviderPayloadError> =>
    Either.mapLeft(decode(payload), (error) =>
      new ProviderPayloadError({ provider, reason: `${what}: ${explain(error)}` }))
}

/**
 * Builds a core event through its own schema, so every rule of the ingestion API (ids of at most
 * 40 characters, RFC 3339, an incident resolved strictly after it was created) holds for mapped
 * events exactly as for events pushed directly.
 */
const eventBuilder = <A extends Event, I>(schema: Schema.Schema<A, I>) => {
  const decode = Schema.decodeEither(schema)
  return (provider: IngestionProvider, what: string, fields: I): Either.Either<Event, ProviderPayloadError> =>
    Either.mapLeft(decode(fields), (error) =>
      new ProviderPayloadError({ provider, reason: `${what}: ${explain(error)}` }))
}

export const makeChange = eventBuilder(Change)
export const makeDeployment = eventBuilder(Deployment)
export const makeIncident = eventBuilder(Incident)

/** The mapping of a payload that holds nothing the delivery metrics use. */
export const ignored: Either.Either<ReadonlyArray<Event>, ProviderPayloadError> = Either.right([])
