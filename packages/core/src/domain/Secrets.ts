import { Effect } from "effect"

const hexOfByte = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"))

/**
 * SHA-256 of a text, hex; Web Crypto keeps core free of Node-only modules. The default of the
 * `Hasher` port: a platform adapter replaces it where a synchronous hash is available.
 */
export const sha256Hex = (secret: string): Effect.Effect<string> =>
  Effect.promise(() => crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret))).pipe(
    Effect.map((digest) => hexOf(new Uint8Array(digest)))
  )

const hexOf = (bytes: Uint8Array) => {
  let hex = ""
  for (const b of bytes) hex += hexOfByte[b] ?? ""
  return hex
}

/**
 * HMAC-SHA-256 of bytes with a text key, hex (how GitHub signs a webhook delivery). Web Crypto, the
 * default of the `Hasher` port, as `sha256Hex` is.
 */
export const hmacSha256Hex = (key: string, data: Uint8Array): Effect.Effect<string> =>
  Effect.promise(async () => {
    const imported = await crypto.subtle.importKey("raw", new TextEncoder().encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"])
    // A copy: Web Crypto takes bytes over an ArrayBuffer, and a Uint8Array may view a SharedArrayBuffer.
    return hexOf(new Uint8Array(await crypto.subtle.sign("HMAC", imported, new Uint8Array(data))))
  })

/** Compares two strings in time that depends only on their lengths, so a guess leaks nothing. */
export const constantTimeEqual = (a: string, b: string): boolean => {
  const x = new TextEncoder().encode(a)
  const y = new TextEncoder().encode(b)
  let difference = x.length ^ y.length
  for (let i = 0; i < Math.max(x.length, y.length); i++) difference |= (x[i] ?? 0) ^ (y[i] ?? 0)
  return difference === 0
}

/** Secret prefixes: the kind is visible in a leaked secret, which helps people revoke it. */
export const secretPrefix = { api: "tmt", ingestion: "tmk", admin: "tma", repository: "tmr" } as const

/**
 * Issued secrets read `<prefix>.<id>.<secret>`; anything else is taken as the admin token (which
 * may be any string set through TIDEMARK_ADMIN_TOKEN) and looked up under the id `admin`.
 */
export const parseSecret = (presented: string): { readonly id: string; readonly secret: string } => {
  const parts = presented.split(".")
  const [prefix = "", id = "", secret = ""] = parts
  const prefixes: ReadonlyArray<string> = Object.values(secretPrefix)
  return parts.length === 3 && prefixes.includes(prefix) && id !== "" && secret !== ""
    ? { id, secret }
    : { id: "admin", secret: presented }
}
