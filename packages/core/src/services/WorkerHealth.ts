import { Cause, Deferred, Effect, Ref, Schema } from "effect"

/** One background worker of the process, as a readiness probe shows it. */
export class WorkerState extends Schema.Class<WorkerState>("WorkerState")({
  name: Schema.String,
  running: Schema.Boolean,
  /** Why it stopped, once it has. */
  reason: Schema.optional(Schema.String)
}) {}

/** A worker ended although nothing asked it to: the process is of no use without it. */
export class WorkerStopped extends Schema.TaggedError<WorkerStopped>()("WorkerStopped", {
  worker: Schema.String,
  reason: Schema.String
}) {
  override get message() {
    return `the ${this.worker} stopped: ${this.reason}`
  }
}

const reasonOf = <E>(cause: Cause.Cause<E>): string => {
  const failure = [...Cause.failures(cause), ...Cause.defects(cause)][0]
  if (failure === undefined) return "it ended"
  return failure instanceof Error ? failure.message : String(failure)
}

/**
 * The workers a process runs, and whether each still does. A worker's loop is meant to run until
 * the process stops; one that ends all the same leaves the server answering HTTP with nothing
 * processing its queue. The readiness probe says so, and `whenStopped` fails so that the process
 * can exit rather than live on without it.
 */
export class WorkerHealth extends Effect.Service<WorkerHealth>()("@tidemark/core/WorkerHealth", {
  effect: Effect.gen(function*() {
    const states = yield* Ref.make<ReadonlyArray<WorkerState>>([])
    const stopped = yield* Deferred.make<never, WorkerStopped>()

    const set = (state: WorkerState) =>
      Ref.update(states, (all) => [...all.filter((s) => s.name !== state.name), state])

    /**
     * Runs `worker` under watch; its end, other than by interruption (the process stopping it),
     * marks it stopped and fails `whenStopped`.
     */
    const supervise = <A, E, R>(name: string, worker: Effect.Effect<A, E, R>) =>
      Effect.gen(function*() {
        yield* set(new WorkerState({ name, running: true }))
        const exit = yield* Effect.exit(worker)
        if (exit._tag === "Failure" && Cause.isInterruptedOnly(exit.cause)) return yield* Effect.interrupt
        const reason = exit._tag === "Failure" ? reasonOf(exit.cause) : "it ended"
        yield* set(new WorkerState({ name, running: false, reason }))
        yield* Effect.logError(`the ${name} stopped: ${reason}`)
        yield* Deferred.fail(stopped, new WorkerStopped({ worker: name, reason }))
      }).pipe(Effect.withSpan("WorkerHealth.supervise", { attributes: { worker: name } }))

    return {
      supervise,
      /** Every worker started, in the order they started. */
      states: Ref.get(states),
      /** The workers, all running; or the first that stopped. */
      ready: Effect.flatMap(Ref.get(states), (all) => {
        const down = all.find((state) => !state.running)
        return down === undefined
          ? Effect.succeed(all)
          : Effect.fail(new WorkerStopped({ worker: down.name, reason: down.reason ?? "it ended" }))
      }),
      /** Fails once any worker has stopped; never succeeds. */
      whenStopped: Deferred.await(stopped)
    } as const
  })
}) {}
