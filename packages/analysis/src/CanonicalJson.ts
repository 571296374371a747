/**
 * A value as one JSON text whatever the order its objects' keys were written in (arrays keep
 * theirs): two configurations that mean the same make the same cache key.
 */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : typeof value === "object" && value !== null
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, item]) => [key, canonical(item)]))
    : value

export const canonicalJson = (value: unknown): string => JSON.stringify(canonical(value))
