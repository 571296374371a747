import { Hasher } from "@tidemark/core"
import { Effect, Layer } from "effect"
import { createHash, createHmac } from "node:crypto"

/**
 * The Hasher port on `node:crypto`: synchronous and hex-encoded natively, where core's portable
 * default (Web Crypto) queues a thread-pool job and suspends a fiber for every hash.
 */
export const layer = Layer.succeed(
  Hasher.Hasher,
  Hasher.Hasher.of({
    sha256Hex: (text) => Effect.sync(() => createHash("sha256").update(text).digest("hex")),
    hmacSha256Hex: (key, data) => Effect.sync(() => createHmac("sha256", key).update(data).digest("hex"))
  })
)
