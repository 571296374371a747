import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { describe, expect, it } from "@effect/vitest"
import { Access, CredentialRevocations, OrganizationStore, Tokens } from "@tidemark/core"
import { CryptoIdGenerator } from "@tidemark/core/memory"
import { Context, Effect, Layer, Option, Redacted, Schedule, Stream } from "effect"
import * as Net from "node:net"
import { PgCredentialRevocations, PgStorage } from "../src/index.js"
import * as TestDatabase from "./ScratchDatabase.js"

/** A server process on the database at `url`: its own client, its own Access (and memory of verified secrets). */
const processOn = (url: string) =>
  Effect.map(
    Layer.build(
      Tokens.Tokens.Default.pipe(
        Layer.provideMerge(Access.Access.Default),
        Layer.provideMerge(Layer.merge(PgStorage.layer, CryptoIdGenerator.layer)),
        Layer.provideMerge(PgClient.layer({ url: Redacted.make(url) }))
      )
    ),
    (context) => ({
      access: Context.get(context, Access.Access),
      tokens: Context.get(context, Tokens.Tokens),
      sql: Context.get(context, SqlClient.SqlClient),
      organizations: Context.get(context, OrganizationStore.OrganizationStore)
    })
  )

/**
 * Two processes on one fresh database, built one after the other (the first migrates it), and an
 * organization with an admin token in it.
 */
const twoProcesses = Effect.gen(function*() {
  const url = yield* TestDatabase.database
  const a = yield* processOn(url)
  const b = yield* processOn(url)
  const organization = yield* a.organizations.ensureOrganization("gh", "acme")
  const caller = Option.some(yield* a.access.authenticate((yield* a.access.issue("api", organization, "admin")).secret))
  return { a, b, organization, caller } as const
})

/** The time a notification takes to reach another connection, with room to spare, and far below the 30 s a verification is kept. */
const refusedWithin = (access: Access.Access, secret: string) =>
  Effect.flip(access.authenticate(secret)).pipe(Effect.retry(Schedule.spaced("10 millis").pipe(Schedule.upTo("2 seconds"))))

const deleteUnannounced = (sql: SqlClient.SqlClient, id: string) => sql`DELETE FROM credentials WHERE id = ${id}`

const listeners = (sql: SqlClient.SqlClient) =>
  sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity
    WHERE datname = current_database() AND application_name = ${PgCredentialRevocations.applicationName}
  `.pipe(Effect.map((rows) => rows.map((row) => row.pid)))

/**
 * A TCP relay to the test server that can go silent: it stops passing bytes either way but keeps
 * every connection open, as a server that hangs or a network that drops packets would.
 */
const silentRelay = (target: { readonly hostname: string; readonly port: number }) =>
  Effect.acquireRelease(
    Effect.async<{ readonly server: Net.Server; readonly sockets: Set<Net.Socket>; readonly port: number; readonly silence: () => void }>((resume) => {
      const sockets = new Set<Net.Socket>()
      let silent = false
      const server = Net.createServer((client) => {
        const upstream = Net.connect(target.port, target.hostname)
        for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
          sockets.add(from)
          from.on("data", (chunk) => silent || to.write(chunk))
          from.on("error", () => to.destroy())
          from.on("close", () => to.destroy())
        }
      })
      server.listen(0, "127.0.0.1", () => {
        const address = server.address()
        const port = typeof address === "object" && address !== null ? address.port : 0
        resume(Effect.succeed({ server, sockets, port, silence: () => silent = true }))
      })
    }),
    ({ server, sockets }) =>
      Effect.async<void>((resume) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resume(Effect.void))
      })
  )

describe("PgCredentialRevocations", () => {
  it.scopedLive("a subscription whose connection goes silent fails, though nothing closed it", () =>
    Effect.gen(function*() {
      const url = new URL(yield* TestDatabase.database)
      const relay = yield* silentRelay({ hostname: url.hostname, port: Number(url.port || 5432) })
      url.hostname = "127.0.0.1"
      url.port = String(relay.port)
      const revocations = yield* Effect.map(
        Layer.build(
          PgCredentialRevocations.layer({ pingEvery: "100 millis", pingTimeout: "300 millis" }).pipe(
            Layer.provide(PgClient.layer({ url: Redacted.make(url.toString()) }))
          )
        ),
        (context) => Context.get(context, CredentialRevocations.CredentialRevocations)
      )
      const announcements = yield* revocations.subscribe
      // Answering pings meanwhile: heard as ever.
      yield* Effect.sleep("500 millis")
      yield* revocations.announce
      expect(Option.isSome(yield* Stream.runHead(announcements).pipe(Effect.timeout("5 seconds")))).toBe(true)
      relay.silence()
      const lost = yield* Effect.flip(Stream.runDrain(announcements)).pipe(Effect.timeout("5 seconds"))
      expect(lost.reason).toContain("stopped answering")
    }))


  it.scopedLive("a token verified by one process, then revoked through another, is refused by the first", () =>
    Effect.gen(function*() {
      const { a, b, caller, organization } = yield* twoProcesses
      const revoked = yield* a.access.issue("ingestion", organization, "write")
      const deleted = yield* a.access.issue("api", organization, "read")
      yield* b.access.authenticate(revoked.secret)
      yield* b.access.authenticate(deleted.secret)
      // B remembers what it verified: a row deleted behind its back, unannounced, still passes.
      yield* deleteUnannounced(a.sql, deleted.credential.id)
      expect((yield* b.access.authenticate(deleted.secret)).credentialId).toBe(deleted.credential.id)

      yield* a.tokens.revoke(caller, { provider: "gh", organization: "acme" }, revoked.credential.id)
      expect((yield* refusedWithin(b.access, revoked.secret))._tag).toBe("Unauthenticated")
      // B forgot everything it verified, the secret deleted behind its back included.
      expect((yield* Effect.flip(b.access.authenticate(deleted.secret)))._tag).toBe("Unauthenticated")
    }))

  it.scopedLive("a process whose listening connection is lost trusts nothing it remembered, and listens again", () =>
    Effect.gen(function*() {
      const { a, b, caller, organization } = yield* twoProcesses
      const issued = yield* a.access.issue("ingestion", organization, "write")
      const kept = yield* a.access.issue("api", organization, "read")
      yield* b.access.authenticate(issued.secret)
      const lost = yield* listeners(a.sql)
      expect(lost).toHaveLength(2)
      yield* a.sql`SELECT pg_terminate_backend(pid) FROM unnest(${lost}::integer[]) AS pid`
      // Revoked while nobody listened: no process hears of it.
      yield* deleteUnannounced(a.sql, issued.credential.id)

      // Both listen again on connections of their own.
      yield* listeners(a.sql).pipe(
        Effect.filterOrFail((pids) => pids.length === 2 && pids.every((pid) => !lost.includes(pid))),
        Effect.retry(Schedule.spaced("50 millis").pipe(Schedule.upTo("5 seconds")))
      )
      expect((yield* Effect.flip(b.access.authenticate(issued.secret)))._tag).toBe("Unauthenticated")
      // And hear revocations again.
      yield* b.access.authenticate(kept.secret)
      yield* a.tokens.revoke(caller, { provider: "gh", organization: "acme" }, kept.credential.id)
      expect((yield* refusedWithin(b.access, kept.secret))._tag).toBe("Unauthenticated")
    }))
})
