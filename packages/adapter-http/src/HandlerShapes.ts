import { type HttpApiEndpoint, HttpApp, HttpServerResponse } from "@effect/platform"
import type { Pagination, Principal } from "@tidemark/core"
import { Effect, type Option } from "effect"
import { Caller } from "./Authentication.js"
import { type AnalysisErrorOf, analysisErrors, type DomainError } from "./ErrorMapping.js"

/**
 * What the handlers share: path parameters as the core's coordinates, pages as the API answers
 * them, and the one idiom of the analysis API's handlers (see `answer`).
 */

export const organizationAt = (path: { provider: string; remoteOrganizationName: string }) => ({
  provider: path.provider,
  organization: path.remoteOrganizationName
})

export const repositoryAt = (path: { provider: string; remoteOrganizationName: string; repositoryName: string }) => ({
  ...organizationAt(path),
  repository: path.repositoryName
})

export const commaSeparated = (value: string | undefined) =>
  value === undefined ? undefined : value.split(",").map((s) => s.trim()).filter((s) => s !== "")

/** A page of the service as the API answers it. */
export const asPage = <A>(page: { readonly items: ReadonlyArray<A>; readonly pagination: Pagination.Pagination }) => ({
  data: page.items,
  pagination: page.pagination
})

/** A page of a change's issues as the API answers it: whether the change was analysed, beside the page. */
export const asDeltaPage = <A>(
  page: { readonly analyzed: boolean; readonly items: ReadonlyArray<A>; readonly pagination: Pagination.Pagination }
) => ({ analyzed: page.analyzed, ...asPage(page) })

/** An answer in the `{data}` envelope. */
export const asData = <A>(data: A) => ({ data })

type Call<A, E, R> = (caller: Option.Option<Principal.Principal>) => Effect.Effect<A, E, R>

/**
 * An analysis API operation: the service called for the request's caller (whom the authentication
 * middleware put in `Caller`), its result shaped as the endpoint answers it, and its domain errors
 * mapped to the API's error bodies (ErrorMapping).
 */
export const answerWith = <A, B, E extends DomainError, R>(
  call: Call<A, E, R>,
  shape: (a: A) => B
): Effect.Effect<B, AnalysisErrorOf<E>, R | Caller> => Effect.flatMap(Caller, call).pipe(Effect.map(shape), analysisErrors)

/** The same, answering the service's result as it is. */
export const answer = <A, E extends DomainError, R>(call: Call<A, E, R>): Effect.Effect<A, AnalysisErrorOf<E>, R | Caller> =>
  Effect.flatMap(Caller, call).pipe(analysisErrors)

/** The same, answering `{data}`. */
export const answerData = <A, E extends DomainError, R>(call: Call<A, E, R>) => answerWith(call, asData)

/** The same, answering a page `{data, pagination}`. */
export const answerPage = <A, E extends DomainError, R>(
  call: Call<{ readonly items: ReadonlyArray<A>; readonly pagination: Pagination.Pagination }, E, R>
) => answerWith(call, asPage)

/** What a handler of `endpoint` is given: its decoded path, query, payload and headers. */
export type RequestOf<Endpoint extends HttpApiEndpoint.HttpApiEndpoint.Any> = HttpApiEndpoint.HttpApiEndpoint.Request<Endpoint>

/** The original API marks some operations experimental, in a header of their answers (`X-Maturity`). */
export const experimental = HttpApp.appendPreResponseHandler((_request, response) =>
  Effect.succeed(HttpServerResponse.setHeader(response, "x-maturity", "experimental"))
)
