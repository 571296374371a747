import { Clock, Effect } from "effect"

/** The current time from Effect's Clock (the clock port: TestClock in tests), as an ISO 8601 string. */
export const nowIso: Effect.Effect<string> = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms).toISOString())
