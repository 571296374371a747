import { FileSystem, type HttpApp, type HttpPlatform, HttpServerRequest, HttpServerResponse, Path } from "@effect/platform"
import { Effect, Option } from "effect"

/**
 * The dashboard's static files (`packages/dashboard`'s `dist/`) at `/`, behind every API route: a
 * GET or HEAD outside `/api/` and `/v1/` of `/` (its `index.html`) or of a file of the dashboard.
 * The dashboard's routes live in the URL's hash, so no other path needs its page: anything else
 * goes on to the API app, which answers 404 with the API's error body, as before.
 *
 * Hashed assets never change under their name: cached for a year. `index.html` names the current
 * ones: revalidated every time (its ETag makes that cheap).
 */

const apiPrefixes = ["/api/", "/v1/"]
const isApi = (path: string) => path === "/api" || path === "/v1" || apiPrefixes.some((prefix) => path.startsWith(prefix))

/** The path a request asks the dashboard for: a GET or HEAD outside the APIs. */
const dashboardPathOf = (request: HttpServerRequest.HttpServerRequest): Option.Option<string> => {
  if (request.method !== "GET" && request.method !== "HEAD") return Option.none()
  if (!URL.canParse(request.url, "http://x")) return Option.none()
  const pathname = new URL(request.url, "http://x").pathname
  return isApi(pathname) ? Option.none() : Option.some(pathname)
}

/** The HttpApi app with the dashboard in front: its page and files never reach the API. */
export const inFrontOf = (directory: string) => <E, R>(api: HttpApp.Default<E, R>) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const root = path.resolve(directory)
    const index = path.join(root, "index.html")

    const isFile = (file: string) =>
      fs.stat(file).pipe(Effect.map((info) => info.type === "File"), Effect.orElseSucceed(() => false))

    /** The file of the dashboard a path names, if there is one. */
    const fileOf = (pathname: string) =>
      Effect.gen(function*() {
        if (pathname === "/" || pathname === "/index.html") return Option.some(index)
        // Decoded and resolved inside the root: `..` and encoded slashes cannot leave it.
        const wanted = yield* Effect.try(() => path.resolve(root, `.${decodeURIComponent(pathname)}`))
        const inside = wanted.startsWith(`${root}${path.sep}`)
        return inside && (yield* isFile(wanted)) ? Option.some(wanted) : Option.none()
      }).pipe(Effect.orElseSucceed(() => Option.none<string>()))

    type App = HttpApp.Default<E, R | HttpPlatform.HttpPlatform>
    // A file gone between its stat and its read is a file that is not there.
    const respond = (file: string, pathname: string): App =>
      HttpServerResponse.file(file, {
        headers: { "cache-control": pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache" }
      }).pipe(Effect.catchAll(() => api))

    const app: App = Effect.flatMap(HttpServerRequest.HttpServerRequest, (request): App =>
      Option.match(dashboardPathOf(request), {
        onNone: () => api,
        onSome: (pathname) =>
          Effect.flatMap(fileOf(pathname), Option.match({ onNone: (): App => api, onSome: (file) => respond(file, pathname) }))
      }))
    return app
  })

/** `inFrontOf` when there is a dashboard to serve; the app unchanged otherwise. */
export const inFrontOfIfAny = (directory: string | undefined) =>
<E, R>(
  api: HttpApp.Default<E, R>
): Effect.Effect<HttpApp.Default<E, R | HttpPlatform.HttpPlatform>, never, FileSystem.FileSystem | Path.Path> =>
  directory === undefined ? Effect.succeed(api) : inFrontOf(directory)(api)
