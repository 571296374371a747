import { Args } from "@effect/cli"
import { Common } from "@tidemark/core"
import { ParseResult, Schema } from "effect"
import { decodeArgument } from "./SchemaInput.js"

/**
 * How commands name organizations and repositories: `<provider>/<organization>` and
 * `<provider>/<organization>/<name>`, as they appear in the API's paths. The organization may hold
 * slashes itself (GitLab subgroups), so the provider is the first segment and the name the last.
 */

export const OrganizationCoordinates = Schema.Struct({
  provider: Common.Provider,
  organization: Schema.NonEmptyString
})
export type OrganizationCoordinates = typeof OrganizationCoordinates.Type

export const RepositoryCoordinates = Schema.Struct({
  ...OrganizationCoordinates.fields,
  name: Schema.NonEmptyString
})
export type RepositoryCoordinates = typeof RepositoryCoordinates.Type

const isProvider = Schema.is(Common.Provider)
const providers = Common.Provider.literals.join(", ")

export const OrganizationFromString = Schema.transformOrFail(Schema.String, Schema.typeSchema(OrganizationCoordinates), {
  strict: true,
  decode: (input, _, ast) => {
    const [provider = "", ...rest] = input.split("/")
    const organization = rest.join("/")
    return isProvider(provider) && organization !== ""
      ? ParseResult.succeed({ provider, organization })
      : ParseResult.fail(new ParseResult.Type(ast, input, `expected <provider>/<organization> (provider one of ${providers}), e.g. gh/acme; got "${input}"`))
  },
  encode: (coordinates) => ParseResult.succeed(organizationLabel(coordinates))
})

export const RepositoryFromString = Schema.transformOrFail(Schema.String, Schema.typeSchema(RepositoryCoordinates), {
  strict: true,
  decode: (input, _, ast) => {
    const [provider = "", ...rest] = input.split("/")
    const name = rest.pop() ?? ""
    const organization = rest.join("/")
    return isProvider(provider) && organization !== "" && name !== ""
      ? ParseResult.succeed({ provider, organization, name })
      : ParseResult.fail(new ParseResult.Type(ast, input, `expected <provider>/<organization>/<name> (provider one of ${providers}), e.g. gh/acme/widgets; got "${input}"`))
  },
  encode: (coordinates) => ParseResult.succeed(repositoryLabel(coordinates))
})

export const organizationLabel = (at: OrganizationCoordinates) => `${at.provider}/${at.organization}`
export const repositoryLabel = (at: RepositoryCoordinates) => `${at.provider}/${at.organization}/${at.name}`

/**
 * The path parameters the API's organization routes take. The generated client puts them in the
 * path as they are, so a GitLab subgroup's slash must be escaped here to stay one segment.
 */
export const organizationPath = (at: OrganizationCoordinates) => ({
  provider: at.provider,
  remoteOrganizationName: encodeURIComponent(at.organization)
})

/** A repository's name as one path segment. */
export const repositoryPathSegment = (name: string) => encodeURIComponent(name)

/** The path parameters of the API's repository routes. */
export const repositoryPath = (at: RepositoryCoordinates) => ({
  ...organizationPath(at),
  repositoryName: repositoryPathSegment(at.name)
})

export const organizationArg = Args.text({ name: "provider/organization" }).pipe(
  Args.mapEffect(decodeArgument(OrganizationFromString)),
  Args.withDescription("the organization, e.g. gh/acme (providers: gh, gl, bb)")
)

export const repositoryArg = Args.text({ name: "provider/organization/name" }).pipe(
  Args.mapEffect(decodeArgument(RepositoryFromString)),
  Args.withDescription("the repository, e.g. gh/acme/widgets (providers: gh, gl, bb)")
)
