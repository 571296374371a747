import { HttpApiBuilder } from "@effect/platform"
import { ReporterCoverage } from "@tidemark/core"
import { Effect } from "effect"
import { reporterErrors } from "../ErrorMapping.js"
import { TidemarkApi } from "../TidemarkApi.js"
import { ReporterSuccess } from "./Api.js"

/** The reporters name their headers with `-` (the official one) or `_` (the npm one). */
const projectToken = (headers: { readonly "project-token"?: string | undefined; readonly "project_token"?: string | undefined }) =>
  headers["project-token"] ?? headers["project_token"]

const apiToken = (headers: { readonly "api-token"?: string | undefined; readonly "api_token"?: string | undefined }) =>
  headers["api-token"] ?? headers["api_token"]

const byRepositoryToken = (headers: Parameters<typeof projectToken>[0]): ReporterCoverage.ReporterTarget => ({
  _tag: "repository",
  token: projectToken(headers)
})

const byAccountToken = (
  headers: Parameters<typeof apiToken>[0],
  path: { readonly provider?: string; readonly username: string; readonly projectName: string }
): ReporterCoverage.ReporterTarget => ({
  _tag: "account",
  token: apiToken(headers),
  provider: path.provider,
  organization: path.username,
  repository: path.projectName
})

const uploaded = (language: string) => ({ files }: { readonly files: number }) =>
  new ReporterSuccess({ success: `Coverage added for ${language}: ${files} file(s)` })

const completed = ({ files }: { readonly files: number }) =>
  new ReporterSuccess({ success: `Coverage complete: ${files} file(s)` })

/** The reporters' API 2.0: each operation names its repository through its token or its path. */
export const layer = HttpApiBuilder.group(TidemarkApi, "reporter", (handlers) =>
  Effect.gen(function*() {
    const coverage = yield* ReporterCoverage.ReporterCoverage
    const upload = (
      target: ReporterCoverage.ReporterTarget,
      path: { readonly commitUuid: string; readonly language: string },
      partial: string | undefined,
      payload: Parameters<typeof coverage.upload>[2]
    ) =>
      coverage.upload(target, path.commitUuid, payload, partial === "true").pipe(
        Effect.map(uploaded(path.language)),
        reporterErrors
      )
    const complete = (target: ReporterCoverage.ReporterTarget, commitUuid: string) =>
      coverage.complete(target, commitUuid).pipe(Effect.map(completed), reporterErrors)
    return handlers
      .handle("reportCoverage", ({ headers, path, payload, urlParams }) =>
        upload(byRepositoryToken(headers), path, urlParams.partial, payload))
      .handle("completeCoverage", ({ headers, path }) => complete(byRepositoryToken(headers), path.commitUuid))
      .handle("reportCoverageWithProjectName", ({ headers, path, payload, urlParams }) =>
        upload(byAccountToken(headers, path), path, urlParams.partial, payload))
      .handle("reportCoverageWithProvider", ({ headers, path, payload, urlParams }) =>
        upload(byAccountToken(headers, path), path, urlParams.partial, payload))
      .handle("completeCoverageWithProjectName", ({ headers, path }) =>
        complete(byAccountToken(headers, path), path.commitUuid))
      .handle("completeCoverageWithProvider", ({ headers, path }) =>
        complete(byAccountToken(headers, path), path.commitUuid))
  }))
