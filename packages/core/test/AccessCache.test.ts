import { expect, it } from "@effect/vitest"
import { Access, CredentialStore, IdGenerator, Records } from "@tidemark/core"
import { CryptoIdGenerator, MemoryCredentialRevocations, MemoryCredentialStore, MemoryRepositoryStore } from "@tidemark/core/memory"
import { Context, Deferred, Effect, Fiber, Layer, Option, Ref, TestClock } from "effect"
import * as UnsteadyRevocations from "./fixtures/UnsteadyRevocations.js"

/** A credential store that counts the reads of credentials. */
const counting = (reads: Ref.Ref<number>) =>
  Layer.effect(
    CredentialStore.CredentialStore,
    Effect.map(MemoryCredentialStore.make, (store) =>
      CredentialStore.CredentialStore.of({ ...store, find: (id) => Effect.zipRight(Ref.update(reads, (n) => n + 1), store.find(id)) }))
  )

const ids = Layer.succeed(IdGenerator.IdGenerator, IdGenerator.IdGenerator.of({ randomString: (bytes) => Effect.succeed(`r${bytes}`) }))

it.effect("remembers a verified secret for 30 seconds; a wrong one is checked every time", () =>
  Effect.gen(function*() {
    const reads = yield* Ref.make(0)
    yield* Effect.gen(function*() {
      const access = yield* Access.Access
      const organization = new Records.Organization({ id: 1, provider: "gh", name: "acme" })
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
      Effect.provide(Access.Access.Default.pipe(Layer.provide(Layer.mergeAll(counting(reads), MemoryRepositoryStore.layer, ids, MemoryCredentialRevocations.layer))))
    )
  }))

/** A credential store that counts the writes of last uses. */
const countingUses = (writes: Ref.Ref<number>) =>
  Layer.effect(
    CredentialStore.CredentialStore,
    Effect.map(MemoryCredentialStore.make, (store) =>
      CredentialStore.CredentialStore.of({ ...store, markUsed: (id, at) => Effect.zipRight(Ref.update(writes, (n) => n + 1), store.markUsed(id, at)) }))
  )

it.effect("records a secret's last use at most once a minute, however often it authenticates", () =>
  Effect.gen(function*() {
    const writes = yield* Ref.make(0)
    yield* Effect.gen(function*() {
      const access = yield* Access.Access
      const store = yield* CredentialStore.CredentialStore
      const organization = new Records.Organization({ id: 1, provider: "gh", name: "acme" })
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
      Effect.provide(Access.Access.Default.pipe(Layer.provideMerge(Layer.mergeAll(countingUses(writes), MemoryRepositoryStore.layer, ids, MemoryCredentialRevocations.layer))))
    )
  }))

const acme = new Records.Organization({ id: 1, provider: "gh", name: "acme" })

it.scoped("forgets what it verified as soon as another process sharing the storage revokes a secret", () =>
  Effect.gen(function*() {
    const reads = yield* Ref.make(0)
    const shared = yield* Layer.build(
      Layer.mergeAll(counting(reads), MemoryRepositoryStore.layer, CryptoIdGenerator.layer, MemoryCredentialRevocations.layer)
    )
    // Two processes: each its own Access, and so its own memory of what it verified.
    const process = Effect.map(Layer.build(Access.Access.Default), (context) => Context.get(context, Access.Access)).pipe(Effect.provide(shared))
    const a = yield* process
    const b = yield* process
    const store = Context.get(shared, CredentialStore.CredentialStore)
    const { credential, secret } = yield* a.issue("ingestion", acme, "write")
    const kept = yield* a.issue("api", acme, "read")
    yield* b.authenticate(secret)
    yield* b.authenticate(kept.secret)
    yield* b.authenticate(secret)
    expect(yield* Ref.get(reads)).toBe(2)

    // What Tokens.revoke does in the other process.
    yield* store.remove(acme.id, credential.id)
    yield* a.forgetVerified
    yield* UnsteadyRevocations.settle
    expect((yield* Effect.flip(b.authenticate(secret)))._tag).toBe("Unauthenticated")
    // Everything is verified anew once, then remembered again.
    yield* b.authenticate(kept.secret)
    yield* b.authenticate(kept.secret)
    expect(yield* Ref.get(reads)).toBe(4)
  }))

it.scoped("verifies every secret while it may miss a revocation, and remembers again once it hears them all", () =>
  Effect.gen(function*() {
    const reads = yield* Ref.make(0)
    const unsteady = yield* UnsteadyRevocations.make
    yield* Ref.set(unsteady.refusing, true)
    const access = Context.get(
      yield* Layer.build(
        Access.Access.Default.pipe(Layer.provide(Layer.mergeAll(counting(reads), MemoryRepositoryStore.layer, ids, UnsteadyRevocations.layer(unsteady))))
      ),
      Access.Access
    )
    const { secret } = yield* access.issue("ingestion", acme, "write")
    const readsFor = (requests: number) =>
      Effect.gen(function*() {
        const before = yield* Ref.get(reads)
        for (let i = 0; i < requests; i++) yield* access.authenticate(secret)
        return (yield* Ref.get(reads)) - before
      })
    expect(yield* readsFor(3)).toBe(3)

    yield* Ref.set(unsteady.refusing, false)
    yield* TestClock.adjust("10 seconds")
    yield* UnsteadyRevocations.settle
    expect(yield* readsFor(3)).toBe(1)

    yield* unsteady.loseAll
    yield* UnsteadyRevocations.settle
    expect(yield* readsFor(3)).toBe(3)
  }))

it.scoped("a verification under way when a secret is revoked is not trusted, then or later", () =>
  Effect.gen(function*() {
    const gate = yield* Deferred.make<void>()
    const readStarted = yield* Deferred.make<void>()
    // A read that found the credential just before it was removed, and answers just after.
    const slow = Layer.effect(
      CredentialStore.CredentialStore,
      Effect.map(MemoryCredentialStore.make, (store) =>
        CredentialStore.CredentialStore.of({
          ...store,
          find: (id) => store.find(id).pipe(Effect.tap(() => Deferred.succeed(readStarted, undefined)), Effect.zipLeft(Deferred.await(gate)))
        }))
    )
    const context = yield* Layer.build(
      Access.Access.Default.pipe(Layer.provideMerge(Layer.mergeAll(slow, MemoryRepositoryStore.layer, ids, MemoryCredentialRevocations.layer)))
    )
    const access = Context.get(context, Access.Access)
    const { credential, secret } = yield* access.issue("ingestion", acme, "write")

    const underWay = yield* Effect.fork(access.authenticate(secret))
    yield* Deferred.await(readStarted)
    yield* Context.get(context, CredentialStore.CredentialStore).remove(acme.id, credential.id)
    yield* access.forgetVerified
    yield* Deferred.succeed(gate, undefined)

    expect((yield* Effect.flip(Fiber.join(underWay)))._tag).toBe("Unauthenticated")
    expect((yield* Effect.flip(access.authenticate(secret)))._tag).toBe("Unauthenticated")
  }))
