import { HttpApiBuilder } from "@effect/platform"
import { Analyses, type Pagination, Repositories, RepositoryAnalysis } from "@tidemark/core"
import { Effect } from "effect"
import {
  answer,
  answerData,
  answerPage,
  answerWith,
  commaSeparated,
  organizationAt,
  repositoryAt,
  type RequestOf
} from "../HandlerShapes.js"
import { TidemarkApi } from "../TidemarkApi.js"
import { type addRepository, QueuedAnalysis, type reanalyzeRepository } from "./Api.js"

/** RepositoryPage: the pagination first. */
const repositoryPage = <A>(page: { readonly items: ReadonlyArray<A>; readonly pagination: Pagination.Pagination }) => ({
  pagination: page.pagination,
  data: page.items
})

export const repositoriesLayer = HttpApiBuilder.group(TidemarkApi, "repositories", (handlers) =>
  Effect.gen(function*() {
    const analysis = yield* RepositoryAnalysis.RepositoryAnalysis
    return handlers
      .handle("listOrganizationRepositoriesWithAnalysis", ({ path, urlParams }) =>
        answerWith((caller) =>
          analysis.list(caller, organizationAt(path), {
            search: urlParams.search,
            names: commaSeparated(urlParams.repositories),
            segments: commaSeparated(urlParams.segments),
            cursor: urlParams.cursor,
            limit: urlParams.limit
          }), repositoryPage))
      .handle("searchOrganizationRepositoriesWithAnalysis", ({ path, payload, urlParams }) =>
        answerWith((caller) =>
          analysis.list(caller, organizationAt(path), {
            names: payload.names,
            cursor: urlParams.cursor,
            limit: urlParams.limit
          }), repositoryPage))
      .handle("getRepositoryWithAnalysis", ({ path, urlParams }) =>
        answerData((caller) => analysis.get(caller, repositoryAt(path), urlParams.branch)))
  }))

export const organizationRepositoriesLayer = HttpApiBuilder.group(TidemarkApi, "organizationRepositories", (handlers) =>
  Effect.gen(function*() {
    const analysis = yield* RepositoryAnalysis.RepositoryAnalysis
    return handlers.handle("listOrganizationRepositories", ({ path, urlParams }) =>
      answerPage((caller) =>
        analysis.repositoriesOf(caller, organizationAt(path), {
          search: urlParams.search,
          filter: urlParams.filter,
          languages: commaSeparated(urlParams.languages),
          segments: commaSeparated(urlParams.segments),
          cursor: urlParams.cursor,
          limit: urlParams.limit
        })))
      .handle("getRepository", ({ path }) => answerData((caller) => analysis.withoutAnalysis(caller, repositoryAt(path))))
  }))

export const repositorySetupLayer = HttpApiBuilder.group(TidemarkApi, "repositorySetup", (handlers) =>
  Effect.gen(function*() {
    const repositories = yield* Repositories.Repositories
    return handlers
      .handle("followAddedRepository", ({ path }) => answer((caller) => repositories.follow(caller, repositoryAt(path))))
      .handle("unfollowRepository", ({ path }) => answer((caller) => repositories.unfollow(caller, repositoryAt(path))))
      .handle("deleteRepository", ({ path }) => answer((caller) => repositories.remove(caller, repositoryAt(path))))
  }))

/** The admin group's operations on repositories (see admin/Handlers.ts). */
export const adminHandlers = Effect.gen(function*() {
  const repositories = yield* Repositories.Repositories
  const analyses = yield* Analyses.Analyses
  return {
    addRepository: ({ payload }: RequestOf<typeof addRepository>) => answerData((caller) => repositories.add(caller, payload)),
    reanalyzeRepository: ({ path, urlParams }: RequestOf<typeof reanalyzeRepository>) =>
      answerWith((caller) => analyses.request(caller, repositoryAt(path), urlParams.branch), (job) => ({
        data: new QueuedAnalysis({
          repositoryName: job.repositoryName,
          branch: job.branch,
          commitSha: job.commitSha,
          requestedAt: job.requestedAt
        })
      }))
  }
})
