import { HttpApiBuilder, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Badges, type BadgeFaces } from "@tidemark/core"
import { makeBadge } from "badge-maker"
import { Effect, Option } from "effect"
import { createHash } from "node:crypto"
import { analysisErrors } from "../ErrorMapping.js"
import { answerData, answerWith, repositoryAt } from "../HandlerShapes.js"
import { TidemarkApi } from "../TidemarkApi.js"
import { prefix, RepositoryBadges } from "./Api.js"

type RepositoryPath = { readonly provider: string; readonly remoteOrganizationName: string; readonly repositoryName: string }

/**
 * A badge as shields.io draws it (badge-maker, its own renderer: the text widths of Verdana that
 * README readers' browsers use, no script, a `<title>` for screen readers).
 */
const svgOf = (face: BadgeFaces.BadgeFace) => makeBadge({ label: face.label, message: face.message, color: face.color, style: "flat" })

/**
 * Five minutes in any cache (GitHub's image proxy included): a README shows a grade a little late
 * rather than asking this server at every view; the ETag answers a revalidation with 304.
 */
const cacheControl = "public, max-age=300"

const imageOf = (face: BadgeFaces.BadgeFace) =>
  Effect.map(HttpServerRequest.HttpServerRequest, (request) => {
    const body = svgOf(face)
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`
    const headers = { "cache-control": cacheControl, etag }
    return request.headers["if-none-match"] === etag
      ? HttpServerResponse.empty({ status: 304, headers })
      : HttpServerResponse.text(body, { contentType: "image/svg+xml; charset=utf-8", headers })
  })

/** Where the badges are: a Public repository's without a token, another's with its token once there is one. */
const addressesOf = (path: RepositoryPath, access: Badges.BadgeAccess) => {
  const base = `${prefix}/${[path.provider, path.remoteOrganizationName, path.repositoryName].map(encodeURIComponent).join("/")}`
  const query = Option.match(access.token, { onNone: () => "", onSome: (token) => `?token=${encodeURIComponent(token)}` })
  const shown = access.public || Option.isSome(access.token)
  return new RepositoryBadges({
    public: access.public,
    ...Option.match(access.token, { onNone: () => ({}), onSome: (token) => ({ token }) }),
    ...(shown ? { gradePath: `${base}/grade.svg${query}`, coveragePath: `${base}/coverage.svg${query}` } : {})
  })
}

/** No caller: an image is shown to whoever has its address (the core checks the badge token). */
export const imagesLayer = HttpApiBuilder.group(TidemarkApi, "badgeImages", (handlers) =>
  Effect.gen(function*() {
    const badges = yield* Badges.Badges
    const image = (kind: BadgeFaces.BadgeKind, path: RepositoryPath, urlParams: { readonly branch?: string | undefined; readonly token?: string | undefined }) =>
      badges.badge(repositoryAt(path), kind, urlParams.branch, urlParams.token).pipe(Effect.flatMap(imageOf), analysisErrors)
    return handlers
      .handle("getGradeBadge", ({ path, urlParams }) => image("grade", path, urlParams))
      .handle("getCoverageBadge", ({ path, urlParams }) => image("coverage", path, urlParams))
  }))

export const layer = HttpApiBuilder.group(TidemarkApi, "repositoryBadges", (handlers) =>
  Effect.gen(function*() {
    const badges = yield* Badges.Badges
    return handlers
      .handle("getRepositoryBadges", ({ path }) => answerData((caller) => Effect.map(badges.accessOf(caller, repositoryAt(path)), (access) => addressesOf(path, access))))
      .handle("rotateBadgeToken", ({ path }) =>
        answerWith((caller) => badges.issueToken(caller, repositoryAt(path)), (access) => ({ data: addressesOf(path, access) })))
  }))
