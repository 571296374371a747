import { Effect, Record } from "effect"

/**
 * A service's operations, each run in a span named `<service>.<operation>`: an operation that is a
 * function gets the span on the effect it returns, one that is an effect on itself; anything else is
 * kept as it is. Applied once to the object a service returns, so that no operation can be added
 * without its span (Effect.fn would do the same one function at a time).
 */
export const withSpans = <const Operations extends Record<string, unknown>>(service: string, operations: Operations): Operations =>
  Record.map(operations, (operation, name) => traced(`${service}.${name}`, operation)) as Operations

const traced = (span: string, operation: unknown): unknown => {
  if (Effect.isEffect(operation)) return Effect.withSpan(operation, span)
  if (typeof operation !== "function") return operation
  const call = operation as (...args: ReadonlyArray<unknown>) => unknown
  return (...args: ReadonlyArray<unknown>) => {
    const result = call(...args)
    return Effect.isEffect(result) ? Effect.withSpan(result, span) : result
  }
}
