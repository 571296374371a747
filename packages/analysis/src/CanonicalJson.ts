const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : typeof value === "object" && value !== null
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, item]) => [key, canonical(item)]))
    : value

/**
 * A JSON value as one text, whatever the order its objects' keys were written in: a configuration
 * as part of a cache key, so that the same configuration written two ways is one entry.
 */
export const canonicalJson = (value: unknown): string => JSON.stringify(canonical(value))
