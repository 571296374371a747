import { Context, type Effect, type Scope } from "effect"
import type { GitReadError } from "./GitReader.js"

/** A working tree of one commit, for the analysis to read. */
export class SourceCheckout extends Context.Tag("@tidemark/core/SourceCheckout")<
  SourceCheckout,
  {
    /** The directory holding the commit's files; removed when the scope closes. */
    readonly checkout: (gitUrl: string, sha: string) => Effect.Effect<string, GitReadError, Scope.Scope>
  }
>() {}
