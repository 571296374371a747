import { expect, it } from "@effect/vitest"
import { Access, CredentialStore, IdGenerator, Organization } from "@tidemark/core"
import { MemoryCredentialStore, MemoryRepositoryStore } from "@tidemark/core/memory"
import { Effect, Layer, Option, Ref, TestClock } from "effect"

/** A credential store that counts the reads of credentials. */
const counting = (reads: Ref.Ref<number>) =>
  Layer.effect(
    CredentialStore,
    Effect.map(MemoryCredentialStore.make, (store) =>
      CredentialStore.of({ ...store, find: (id) => Effect.zipRight(Ref.update(reads, (n) => n + 1), store.find(id)) }))
  )

const ids = Layer.succeed(IdGenerator, IdGenerator.of({ randomString: (bytes) => Effect.succeed(`r${bytes}`) }))

it.effect("remembers a verified secret for 30 seconds; a wrong one is checked every time", () =>
  Effect.gen(function*() {
    const reads = yield* Ref.make(0)
    yield* Effect.gen(function*() {
      const access = yield* Access
      const organization = new Organization({ id: 1, provider: "gh", name: "acme" })
      const { secret } = yield* access.issue("ingestion", organization, "write")
      yield* access.authenticate(secret)
      yield* access.authenticate(secret)
      expect(yield* Ref.get(reads)).toBe(1)
      yield* TestClock.adjust("31 seconds")
      yield* access.authenticate(secret)
      expect(yield* Ref.get(reads)).toBe(2)
      yield* Effect.flip(access.authenticate(`${secret}x`))
      yield* TestClock.adjust("1 millis")
      yield* Effect.flip(access.authenticate(`${secret}x`))
      expect(yield* Ref.get(reads)).toBe(4)
      // A replaced admin token stops working at once.
      yield* access.ensureAdmin(Option.some("first"))
      yield* access.authenticate("first")
      yield* access.ensureAdmin(Option.some("second"))
      expect((yield* Effect.flip(access.authenticate("first")))._tag).toBe("Unauthenticated")
    }).pipe(
      Effect.provide(Access.layer.pipe(Layer.provide(Layer.mergeAll(counting(reads), MemoryRepositoryStore.layer, ids))))
    )
  }))

/** A credential store that counts the writes of last uses. */
const countingUses = (writes: Ref.Ref<number>) =>
  Layer.effect(
    CredentialStore,
    Effect.map(MemoryCredentialStore.make, (store) =>
      CredentialStore.of({ ...store, markUsed: (id, at) => Effect.zipRight(Ref.update(writes, (n) => n + 1), store.markUsed(id, at)) }))
  )

it.effect("records a secret's last use at most once a minute, however often it authenticates", () =>
  Effect.gen(function*() {
    const writes = yield* Ref.make(0)
    yield* Effect.gen(function*() {
      const access = yield* Access
      const store = yield* CredentialStore
      const organization = new Organization({ id: 1, provider: "gh", name: "acme" })
      const { credential, secret } = yield* access.issue("ingestion", organization, "write")
      const lastUsed = Effect.map(store.find(credential.id), Option.flatMap((c) => Option.fromNullable(c.lastUsedAt)))
      expect(yield* lastUsed).toEqual(Option.none())

      yield* TestClock.adjust("5 seconds")
      // A request every second for two minutes and a half.
      for (let second = 0; second < 150; second++) {
        yield* access.authenticate(secret)
        yield* TestClock.adjust("1 second")
      }
      // Verified about every 30 seconds (the cache), written when the stored use is a minute old.
      expect(yield* Ref.get(writes)).toBe(3)
      const recorded = Option.map(yield* lastUsed, Date.parse)
      // As recent as that allows: at most the cache's 30 seconds and the minute behind the last request.
      expect(Option.getOrThrow(recorded)).toBeGreaterThanOrEqual(155_000 - 90_000)
      // A failed attempt is no use.
      yield* Effect.flip(access.authenticate(`${secret}x`))
      expect(yield* Ref.get(writes)).toBe(3)
    }).pipe(
      Effect.provide(Access.layer.pipe(Layer.provideMerge(Layer.mergeAll(countingUses(writes), MemoryRepositoryStore.layer, ids))))
    )
  }))
