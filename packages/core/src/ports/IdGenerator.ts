import { Context, type Effect } from "effect"

/** Sources of identifiers and secrets; swapped for a deterministic one in tests. */
export class IdGenerator extends Context.Tag("@tidemark/core/IdGenerator")<
  IdGenerator,
  {
    /** A URL-safe random string carrying `bytes` bytes of entropy. */
    readonly randomString: (bytes: number) => Effect.Effect<string>
  }
>() {}
