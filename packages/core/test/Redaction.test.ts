import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { Redaction } from "../src/index.js"

const { redactSecrets, showsSecret, isSecretName } = Redaction

describe("redactSecrets", () => {
  it("hides the values of secret query parameters, whatever their case or separator, and keeps the others", () => {
    expect(redactSecrets("No operation at GET /v1/nothing?api_key=k3y&system=web")).toBe(
      "No operation at GET /v1/nothing?api_key=REDACTED&system=web"
    )
    expect(redactSecrets("/x?limit=5&API-KEY=a&Access_Token=b;token=c&private_token=d&sig=e#top")).toBe(
      "/x?limit=5&API-KEY=REDACTED&Access_Token=REDACTED;token=REDACTED&private_token=REDACTED&sig=REDACTED#top"
    )
    // A value ends where a URL quoted in text ends.
    expect(redactSecrets("fetching 'https://h/p?token=abc' failed")).toBe("fetching 'https://h/p?token=REDACTED' failed")
    // Names that merely contain a secret word are not secrets.
    expect(redactSecrets("/x?tokens=3&keyword=a&api_keys_count=2")).toBe("/x?tokens=3&keyword=a&api_keys_count=2")
  })

  it("hides a URL's password, and a bare user that may be a token, but not ssh's `git` account", () => {
    expect(redactSecrets("cannot read git repository https://alice:s3cret@github.com/acme/app.git: refused")).toBe(
      "cannot read git repository https://alice:REDACTED@github.com/acme/app.git: refused"
    )
    expect(redactSecrets("https://ghp_abcdef123@github.com/acme/app.git")).toBe("https://REDACTED@github.com/acme/app.git")
    expect(redactSecrets("postgres://tidemark:pw@db:5432/tidemark")).toBe("postgres://tidemark:REDACTED@db:5432/tidemark")
    expect(redactSecrets("ssh://git@github.com/acme/app.git")).toBe("ssh://git@github.com/acme/app.git")
    expect(redactSecrets("mail me at someone@example.com")).toBe("mail me at someone@example.com")
  })

  it("hides the secret part of an issued token or key wherever it is quoted, keeping its kind and id", () => {
    expect(redactSecrets("Repository tmt.Ab3_x-9.zhE10znBDaHs-J7_AlNa not found")).toBe("Repository tmt.Ab3_x-9.REDACTED not found")
    expect(redactSecrets("actual \"tmk.id.s\" and tma.admin.x")).toBe("actual \"tmk.id.REDACTED\" and tma.admin.REDACTED")
    expect(redactSecrets("tmx.id.secret and version 1.2.3")).toBe("tmx.id.secret and version 1.2.3")
  })

  it("says whether a text shows a secret", () => {
    expect(showsSecret("/v1/systems?api_key=x")).toBe(true)
    expect(showsSecret("/api/v3/version/tmk.a.b")).toBe(true)
    expect(showsSecret("/api/v3/analysis/organizations/gh/acme/repositories?limit=5")).toBe(false)
    expect(isSecretName("project-token")).toBe(true)
    expect(isSecretName("cursor")).toBe(false)
  })
})

describe("redactingLogger", () => {
  it.effect("prints Effect's default log line with every secret redacted", () =>
    Effect.gen(function*() {
      const printed: Array<unknown> = []
      const log = globalThis.console.log
      globalThis.console.log = (...args: Array<unknown>) => printed.push(...args)
      yield* Effect.logWarning("cannot fetch https://bot:pw@host/repo.git?token=t0k").pipe(
        Effect.provide(Redaction.redactingLogger),
        Effect.ensuring(Effect.sync(() => {
          globalThis.console.log = log
        }))
      )
      expect(printed).toHaveLength(1)
      expect(String(printed[0])).toMatch(/level=WARN .*message="cannot fetch https:\/\/bot:REDACTED@host\/repo\.git\?token=REDACTED"/)
    }))

})
