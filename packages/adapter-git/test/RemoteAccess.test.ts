import { describe, expect, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import * as RemoteAccess from "../src/RemoteAccess.js"
import * as RepositoryLocation from "../src/RepositoryLocation.js"
import { publicAddress, resolvesTo } from "./GitFixture.js"

/** The options for `url`, or why it is refused. */
const optionsFor = (url: string, options: RemoteAccess.RemoteAccessOptions) =>
  Effect.gen(function*() {
    const location = yield* Either.match(RepositoryLocation.parse(url, (path) => path), {
      onLeft: (reason) => Effect.dieMessage(reason),
      onRight: Effect.succeed
    })
    return yield* RemoteAccess.make(options).optionsFor(location).pipe(
      Effect.map((options) => options.join(" ")),
      Effect.catchAll((refused) => Effect.succeed(`refused: ${refused.message}`))
    )
  })

const refusing = (...addresses: ReadonlyArray<string>) => ({ allowPrivate: false, resolve: resolvesTo(...addresses) })

describe("RemoteAccess", () => {
  it.effect("pins an http(s) host to the public addresses it resolves to, at the URL's port; no redirect followed", () =>
    Effect.gen(function*() {
      expect(yield* optionsFor("https://git.example.org/team/app.git", refusing(publicAddress)))
        .toBe(`-c http.followRedirects=false -c http.curloptResolve=git.example.org:443:${publicAddress}`)
      expect(yield* optionsFor("http://user:secret@Git.Example.org:8080/app.git", refusing(publicAddress, "2606:2800:21f:cb07:6820:80da:af6b:8b2c")))
        .toBe(`-c http.followRedirects=false -c http.curloptResolve=git.example.org:8080:${publicAddress},[2606:2800:21f:cb07:6820:80da:af6b:8b2c]`)
      expect(yield* optionsFor("http://git.example.org/app.git", refusing(publicAddress))).toContain(":80:")
    }))

  it.effect("cannot pin an address literal, nor git:// and ssh, which resolve the name themselves: those are checked only", () =>
    Effect.gen(function*() {
      for (const url of ["https://8.8.8.8/app.git", "git://git.example.org/app", "ssh://git@git.example.org/app.git", "git@git.example.org:app.git"]) {
        expect(yield* optionsFor(url, refusing(publicAddress))).toBe("-c http.followRedirects=false")
      }
    }))

  it.effect("refuses a host that leads to any non-public address, or nowhere, or reads differently to git", () =>
    Effect.gen(function*() {
      expect(yield* optionsFor("https://git.example.org/app.git", refusing(publicAddress, "10.0.0.7")))
        .toBe("refused: git.example.org leads to 10.0.0.7, a private address, not a public one")
      expect(yield* optionsFor("git@git.example.org:app.git", refusing("::ffff:169.254.169.254")))
        .toBe("refused: git.example.org leads to ::ffff:169.254.169.254, a linkLocal address, not a public one")
      expect(yield* optionsFor("https://git.example.org/app.git", refusing()))
        .toBe("refused: git.example.org does not resolve")
      expect(yield* optionsFor("git://127.0.0.1/app", refusing(publicAddress)))
        .toBe("refused: 127.0.0.1 leads to 127.0.0.1, a loopback address, not a public one")
      // Read as git.example.org by a URL parser, as 127.0.0.1 (its user `a@git.example.org`) by curl or ssh.
      for (const url of ["http://git.example.org\\@127.0.0.1/app.git", "ssh://a@git.example.org@127.0.0.1/app.git", "a@b@127.0.0.1:app.git"]) {
        expect(yield* optionsFor(url, refusing(publicAddress))).toMatch(/^refused: the host of the repository URL \(.*\) is not a plain name or address$/)
      }
    }))

  it.effect("allows any address when private ones are allowed, still pinning http(s); asks nothing of a local source", () =>
    Effect.gen(function*() {
      const allowing = { allowPrivate: true, resolve: resolvesTo("10.0.0.7") }
      expect(yield* optionsFor("https://git.internal/app.git", allowing))
        .toBe("-c http.followRedirects=false -c http.curloptResolve=git.internal:443:10.0.0.7")
      expect(yield* optionsFor("git@git.internal:app.git", allowing)).toBe("-c http.followRedirects=false")
      expect(yield* optionsFor("git@git.internal:app.git", { allowPrivate: true, resolve: resolvesTo() })).toBe("-c http.followRedirects=false")
      expect(yield* optionsFor("/srv/git/app.git", refusing("10.0.0.7"))).toBe("")
      expect(yield* optionsFor("file:///srv/git/app.git", refusing("10.0.0.7"))).toBe("")
    }))
})
