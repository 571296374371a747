import { Effect, type Either } from "effect"
import type { GoPackage } from "./GoPackages.js"

/**
 * The Go analysers' runs over one module, one at a time. Both type-check the module against the
 * compiled export data of what it imports, which the go command builds into the build cache they
 * share (GoEnvironment): side by side, each builds the module's packages itself, on cores the other
 * needs; one after the other, the second finds them built. BurntSushi/toml's analysis with both
 * (2 cores, standard library cached) took 5.9 s side by side, 3.7 s one after the other
 * (docs/benchmarks.md). The second run also takes the module's package list the first one read
 * (`go list`) rather than starting the go command again for it.
 */

/** What `go list` made of the module: its packages, or why they could not be listed. */
export type GoListing = Either.Either<ReadonlyArray<GoPackage>, string>

/** One module's turn: the package list, read once for the runs that take turns on it. */
export interface GoModuleTurn {
  readonly listing: (list: Effect.Effect<GoListing>) => Effect.Effect<GoListing>
}

export interface GoModuleTurns {
  /** Runs `use` when no other run holds the turn of the module `key` names (its checkout, folder and content). */
  readonly inTurn: <A, E, R>(key: string, use: (turn: GoModuleTurn) => Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
}

interface Turn {
  readonly semaphore: Effect.Semaphore
  holders: number
  listed: GoListing | undefined
}

/** Turns kept while a run holds or waits for one: a module's entry goes with its last run. */
export const makeGoModuleTurns = (): GoModuleTurns => {
  const turns = new Map<string, Turn>()
  return {
    inTurn: (key, use) =>
      Effect.suspend(() => {
        const turn = turns.get(key) ?? { semaphore: Effect.unsafeMakeSemaphore(1), holders: 0, listed: undefined }
        turns.set(key, turn)
        turn.holders++
        const moduleTurn: GoModuleTurn = {
          listing: (list) =>
            turn.listed === undefined ? Effect.tap(list, (listed) => Effect.sync(() => (turn.listed = listed))) : Effect.succeed(turn.listed)
        }
        return turn.semaphore.withPermits(1)(use(moduleTurn)).pipe(
          Effect.ensuring(Effect.sync(() => {
            turn.holders--
            if (turn.holders === 0) turns.delete(key)
          }))
        )
      })
  }
}

/** Turns no other plug-in shares: each run its own (a Go plug-in made alone, as in its tests). */
export const unsharedTurns: GoModuleTurns = {
  inTurn: (_key, use) => use({ listing: (list) => list })
}
