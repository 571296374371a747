import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { RepositoryParams } from "../ApiParams.js"
import { Authentication } from "../Authentication.js"

/**
 * Badges (issue 27): a repository's grade and coverage as SVG images a README shows, and their
 * addresses. The images need no api-token (a README's reader has none): a Public repository's are
 * open, any other's carry the repository's badge token, which its admin issues and rotates.
 */

/** The API the images are served under (see TidemarkApi.ts). */
export const prefix = "/badges"

const badgePath = "/:provider/:remoteOrganizationName/:repositoryName"

const BadgeQuery = Schema.Struct({
  /** The branch whose latest analysis the badge shows; the default branch's when absent. */
  branch: Schema.optional(Schema.String),
  /** The repository's badge token: needed unless the repository is Public. */
  token: Schema.optional(Schema.String)
})

const svg = HttpApiSchema.Text({ contentType: "image/svg+xml" })

const image = <Name extends string>(name: Name, file: string, what: string) =>
  HttpApiEndpoint.get(name, `${badgePath}/${file}`)
    .setPath(RepositoryParams)
    .setUrlParams(BadgeQuery)
    .addSuccess(svg)
    .annotate(
      OpenApi.Description,
      `The ${what} of the branch's latest analysis as a flat SVG badge (no script), cached for five minutes; ` +
        "404 for a repository that is not Public without its badge token, as for one that does not exist."
    )

export class BadgeImageGroup extends HttpApiGroup.make("badgeImages")
  .add(image("getGradeBadge", "grade.svg", "grade (A to F, `pending` before the first analysis)"))
  .add(image("getCoverageBadge", "coverage.svg", "coverage (in percent, `unknown` without a report)"))
  .pipe(ApiErrors.badges)
{}

/** Where a repository's badges are, as paths under this server; `token` is in them when the repository is not Public. */
export class RepositoryBadges extends Schema.Class<RepositoryBadges>("RepositoryBadges")({
  /** A Public repository's badges need no token. */
  public: Schema.Boolean,
  /** The badge token; absent for a Public repository, and for another until its admin issues one. */
  token: Schema.optional(Schema.String),
  /** Absent when the repository is not Public and has no badge token yet. */
  gradePath: Schema.optional(Schema.String),
  coveragePath: Schema.optional(Schema.String)
}) {}

const repositoryBadgesPath = "/admin/organizations/:provider/:remoteOrganizationName/repositories/:repositoryName/badges"

export class RepositoryBadgesGroup extends HttpApiGroup.make("repositoryBadges")
  .add(
    HttpApiEndpoint.get("getRepositoryBadges", repositoryBadgesPath)
      .setPath(RepositoryParams)
      .addSuccess(Schema.Struct({ data: RepositoryBadges }))
      .annotate(OpenApi.Description, "Where the repository's grade and coverage badges are, with its badge token if it needs one: to anyone who may read the repository.")
  )
  .add(
    HttpApiEndpoint.post("rotateBadgeToken", `${repositoryBadgesPath}/token`)
      .setPath(RepositoryParams)
      .addSuccess(Schema.Struct({ data: RepositoryBadges }), { status: 201 })
      .annotate(OpenApi.Description, "Issues a new badge token (the repository's admin): badges carrying the previous one stop showing.")
  )
  .pipe(ApiErrors.writes)
  .middleware(Authentication)
{}
