import { expect } from "@effect/vitest"
import { Either, Schema } from "effect"
import { Event } from "../../src/domain/IngestionEvents.js"
import type { ProviderPayloadError } from "../../src/domain/providers/ProviderPayloadError.js"

type Mapped = Either.Either<ReadonlyArray<Event>, ProviderPayloadError>

/** The first item of a fixture's list (a commit, a message), to derive variants from. */
export const first = <A>(items: ReadonlyArray<A>): A => {
  const [item] = items
  if (item === undefined) throw new Error("expected a list with at least one item")
  return item
}

/** The reason of a refused payload, or a description of the events if it was mapped. */
export const reasonOf = (mapped: Mapped): string =>
  Either.match(mapped, {
    onLeft: (error) => error.reason,
    onRight: (events) => `unexpectedly mapped to ${events.length} event(s)`
  })

const encodeEvent = Schema.encodeSync(Event)
const decodeEvent = Schema.decodeUnknownEither(Event)

/** Each event goes through JSON and core's `Event` schema unchanged, as the worker will store it. */
export const expectReDecodes = (events: ReadonlyArray<Event>) => {
  for (const event of events) {
    const json: unknown = JSON.parse(JSON.stringify(encodeEvent(event)))
    expect(decodeEvent(json)).toEqual(Either.right(event))
  }
}
