import { Context, type Effect } from "effect"
import { hmacSha256Hex, sha256Hex } from "../domain/Secrets.js"

/**
 * SHA-256 of texts (credential secrets, envelope ids) and HMACs (webhook signatures). A reference with a portable default (Web
 * Crypto, asynchronous), so that the core and every composition without a platform adapter work
 * unchanged; a Node process provides a synchronous one (`node:crypto`), which costs far less per
 * ingested event than a Web Crypto job and its promise.
 */
export class Hasher extends Context.Reference<Hasher>()("@tidemark/core/Hasher", {
  defaultValue: (): {
    /** Lower-case hex of the SHA-256 of the text's UTF-8 bytes. */
    readonly sha256Hex: (text: string) => Effect.Effect<string>
    /** Lower-case hex of the HMAC-SHA-256 of the bytes, keyed with the text's UTF-8 bytes. */
    readonly hmacSha256Hex: (key: string, data: Uint8Array) => Effect.Effect<string>
  } => ({ sha256Hex, hmacSha256Hex })
}) {}
