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
