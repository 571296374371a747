import { describe, expect, it } from "@effect/vitest"
import {
  Errors,
  GitHostSettings,
  GitHostSettingsStore,
  GitHosts,
  OrganizationStore,
  RepositoryStore
} from "@tidemark/core"
import { Effect, Option, Redacted } from "effect"
import { addRepository, adminCaller, callerWith, repo, withServices } from "./fixtures/TestLayer.js"

const app = repo("app")

/** The stored token of `app`, as the commit statuses will send it. */
const storedToken = Effect.gen(function*() {
  const store = yield* RepositoryStore.RepositoryStore
  const organizations = yield* OrganizationStore.OrganizationStore
  const organization = Option.getOrThrow(yield* organizations.findOrganization("gh", "acme"))
  const found = yield* store.findRepository(organization.id, "app")
  const settings = yield* Effect.flatMap(GitHostSettingsStore.GitHostSettingsStore, (store) => store.find(Option.getOrThrow(found).id))
  return Option.map(settings, (s) => Redacted.value(s.token))
})

describe("GitHosts", () => {
  it.effect("an admin token of the organization sets, shows (never the token) and clears a repository's git host", () =>
    withServices(
      Effect.gen(function*() {
        const hosts = yield* GitHosts.GitHosts
        yield* addRepository("app")
        const admin = yield* callerWith("admin")
        expect(yield* hosts.show(admin, app)).toStrictEqual(new GitHostSettings.GitHostView({ configured: false }))
        yield* hosts.configure(admin, app, new GitHostSettings.SetGitHostBody({ token: "ghp_secret", apiBaseUrl: "https://github.example.com/api/v3" }))
        expect(yield* hosts.show(admin, app)).toStrictEqual(new GitHostSettings.GitHostView({ configured: true, apiBaseUrl: "https://github.example.com/api/v3", decoratePullRequests: false }))
        expect(yield* storedToken).toStrictEqual(Option.some("ghp_secret"))
        // Replaced whole: no API base URL is the host's public API again.
        yield* hosts.configure(admin, app, new GitHostSettings.SetGitHostBody({ token: "ghp_other", decoratePullRequests: true }))
        expect(yield* hosts.show(adminCaller, app)).toStrictEqual(new GitHostSettings.GitHostView({ configured: true, decoratePullRequests: true }))
        yield* hosts.clear(admin, app)
        expect(yield* hosts.show(admin, app)).toStrictEqual(new GitHostSettings.GitHostView({ configured: false }))
        expect(yield* storedToken).toStrictEqual(Option.none())
      })
    ))

  it.effect("a token that may only write cannot see or change it", () =>
    withServices(
      Effect.gen(function*() {
        const hosts = yield* GitHosts.GitHosts
        yield* addRepository("app")
        const writer = yield* callerWith("write")
        expect(yield* Effect.flip(hosts.show(writer, app))).toBeInstanceOf(Errors.PermissionDenied)
        expect(yield* Effect.flip(hosts.configure(writer, app, new GitHostSettings.SetGitHostBody({ token: "t" })))).toBeInstanceOf(Errors.PermissionDenied)
        expect(yield* Effect.flip(hosts.clear(writer, app))).toBeInstanceOf(Errors.PermissionDenied)
      })
    ))

  it.effect("an API on the private network is refused to every caller, the installation admin too", () =>
    withServices(
      Effect.gen(function*() {
        const hosts = yield* GitHosts.GitHosts
        yield* addRepository("app")
        const refused = yield* Effect.flip(hosts.configure(adminCaller, app, new GitHostSettings.SetGitHostBody({ token: "t", apiBaseUrl: "https://git.internal/api" })))
        expect(refused).toBeInstanceOf(Errors.Unprocessable)
        expect(refused.message).toContain("the installation does not allow git hosts on its private network")
        expect(yield* hosts.show(adminCaller, app)).toStrictEqual(new GitHostSettings.GitHostView({ configured: false }))
      })
    ))
})
