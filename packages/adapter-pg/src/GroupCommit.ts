import { Array as Arr, Chunk, Deferred, Effect, Exit, Queue } from "effect"

export interface GroupCommitOptions {
  /** The most items one statement writes. */
  readonly maxBatch: number
  /** Statements in flight at once; each takes a connection of the pool while it runs. */
  readonly writers: number
}

type Pending<A, E> = readonly [item: A, done: Deferred.Deferred<void, E>]

/**
 * Concurrent writes grouped into one statement and one commit, as PostgreSQL's group commit does for
 * transactions: a write waits only while a writer is busy, and every write that arrived meanwhile
 * goes with the next statement. Each caller still returns only once its own item is committed.
 *
 * A statement that fails is retried item by item, so that one item the database refuses (a NUL
 * byte, say) fails its own caller and nobody else's.
 */
export const make = <A, E>(
  write: (items: Arr.NonEmptyReadonlyArray<A>) => Effect.Effect<void, E>,
  options: GroupCommitOptions
) =>
  Effect.gen(function*() {
    const pending = yield* Queue.unbounded<Pending<A, E>>()

    const writeAlone = ([item, done]: Pending<A, E>) =>
      Effect.flatMap(Effect.exit(write([item])), (exit) => Deferred.done(done, exit))

    const writeGroup = (group: Arr.NonEmptyReadonlyArray<Pending<A, E>>) =>
      Effect.gen(function*() {
        const exit = yield* Effect.exit(write(Arr.map(group, ([item]) => item)))
        if (Exit.isFailure(exit) && group.length > 1) {
          yield* Effect.forEach(group, writeAlone, { discard: true })
        } else {
          yield* Effect.forEach(group, ([, done]) => Deferred.done(done, exit), { discard: true })
        }
      }).pipe(
        // Interrupted mid-write (the layer is closing): the callers are told, not left waiting.
        Effect.onInterrupt(() => Effect.forEach(group, ([, done]) => Deferred.interrupt(done), { discard: true }))
      )

    const writer = Queue.takeBetween(pending, 1, options.maxBatch).pipe(
      Effect.map(Chunk.toReadonlyArray),
      Effect.flatMap((group) => Arr.isNonEmptyReadonlyArray(group) ? writeGroup(group) : Effect.void),
      Effect.forever
    )
    yield* Effect.forkScoped(Effect.all(Arr.replicate(writer, Math.max(1, options.writers)), { concurrency: "unbounded" }))
    yield* Effect.addFinalizer(() =>
      Queue.takeAll(pending).pipe(
        Effect.flatMap((left) => Effect.forEach(left, ([, done]) => Deferred.interrupt(done), { discard: true })),
        Effect.zipRight(Queue.shutdown(pending))
      )
    )

    return (item: A): Effect.Effect<void, E> =>
      Effect.gen(function*() {
        const done = yield* Deferred.make<void, E>()
        yield* Queue.offer(pending, [item, done])
        return yield* Deferred.await(done)
      })
  })
