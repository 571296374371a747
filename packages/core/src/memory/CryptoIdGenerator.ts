import { Effect, Encoding, Layer } from "effect"
import { IdGenerator } from "../ports/IdGenerator.js"

/** Secrets from the platform's cryptographic random source (Web Crypto). */
export const layer = Layer.succeed(
  IdGenerator,
  IdGenerator.of({
    randomString: (bytes) => Effect.sync(() => Encoding.encodeBase64Url(crypto.getRandomValues(new Uint8Array(bytes))))
  })
)
