import { Effect, Option, Redacted } from "effect"
import { GitHostSettings, GitHostView, type SetGitHostBody } from "../domain/GitHostSettings.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import { Unprocessable } from "../domain/Errors.js"
import { GitHostSettingsStore } from "../ports/GitHostSettingsStore.js"
import { NetworkAddresses } from "../ports/NetworkAddresses.js"
import { Access } from "./Access.js"
import { withSpans } from "../runtime/Spans.js"

type Caller = Option.Option<Principal>

/**
 * A repository's git host settings, which let Tidemark post its verdicts on commits to the host:
 * set, shown and cleared by the admin or an admin token of the repository's organization, as
 * repository tokens are issued. What is shown never holds the token.
 */
const make = Effect.gen(function*() {
  const access = yield* Access
  const store = yield* GitHostSettingsStore
  const addresses = yield* NetworkAddresses

  const viewOf = (settings: Option.Option<GitHostSettings>) =>
    Option.match(settings, {
      onNone: () => new GitHostView({ configured: false }),
      onSome: ({ apiBaseUrl, decoratePullRequests }) =>
        new GitHostView({ configured: true, ...(apiBaseUrl === undefined ? {} : { apiBaseUrl }), decoratePullRequests })
    })

  const show = (caller: Caller, at: RepositoryCoordinates) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "admin")
      return viewOf(yield* store.find(repository.id))
    })

  /**
   * The API must lead to a public address for every caller, the installation admin too: the
   * statuses are sent long after, by whoever configured it, and the address is checked again then.
   */
  const requirePublic = (apiBaseUrl: string) =>
    addresses.requirePublic(apiBaseUrl).pipe(
      Effect.mapError((refused) =>
        new Unprocessable({
          reason: `${refused.message}: the installation does not allow git hosts on its private network`
        })
      )
    )

  /** Replaces the settings whole: an API base URL left out is the host's public API again. */
  const configure = (caller: Caller, at: RepositoryCoordinates, body: SetGitHostBody) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "admin")
      if (body.apiBaseUrl !== undefined) yield* requirePublic(body.apiBaseUrl)
      const settings = new GitHostSettings({
        token: Redacted.make(body.token),
        ...(body.apiBaseUrl === undefined ? {} : { apiBaseUrl: body.apiBaseUrl }),
        decoratePullRequests: body.decoratePullRequests ?? false
      })
      yield* store.save(repository.id, settings)
    })

  const clear = (caller: Caller, at: RepositoryCoordinates) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "admin")
      yield* store.remove(repository.id)
    })

  return withSpans("GitHosts", { show, configure, clear })
})

export class GitHosts extends Effect.Service<GitHosts>()("@tidemark/core/GitHosts", {
  effect: make,
  dependencies: [Access.Default]
}) {}
