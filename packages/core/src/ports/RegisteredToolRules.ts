import { Context, type Effect } from "effect"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { DiscoveredRule } from "../domain/RegisteredTools.js"

/** The rules each registered tool's logs have named so far: its patterns. */
export class RegisteredToolRules extends Context.Tag("@tidemark/core/RegisteredToolRules")<
  RegisteredToolRules,
  {
    /** Keeps the rules, a rule already known taking the latest description (a newer release of the tool may reword it). */
    readonly record: (toolUuid: string, rules: ReadonlyArray<DiscoveredRule>) => Effect.Effect<void, ServiceUnavailable>
    /** The tool's rules, by id (code point order). */
    readonly rules: (toolUuid: string) => Effect.Effect<ReadonlyArray<DiscoveredRule>, ServiceUnavailable>
  }
>() {}
