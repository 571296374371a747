import { readFile } from "node:fs/promises"
import { createHash } from "node:crypto"
import { isLanguage } from "@tidemark/analysis/service"
import { RegisteredTools } from "@tidemark/core"
import { Effect, Option, Schema } from "effect"

/**
 * The tools the installation's admin registered (TIDEMARK_SARIF_TOOLS names the file): JSON,
 * `{ "tools": [{ "name", "languages", "command", "timeoutSeconds"?, "memoryMegabytes"?, "environment"? }] }`.
 * Read once at start-up; a file that does not hold what it should stops the start with why.
 */

const Entry = Schema.Struct({
  name: RegisteredTools.RegisteredTool.fields.name,
  languages: RegisteredTools.RegisteredTool.fields.languages,
  command: RegisteredTools.RegisteredTool.fields.command,
  timeoutSeconds: Schema.optionalWith(RegisteredTools.RegisteredTool.fields.timeoutSeconds, { default: () => 600 }),
  memoryMegabytes: Schema.optionalWith(RegisteredTools.RegisteredTool.fields.memoryMegabytes, { default: () => 2048 }),
  environment: Schema.optionalWith(RegisteredTools.RegisteredTool.fields.environment, { default: () => ({}) })
})

const RegisteredToolsJson = Schema.parseJson(Schema.Struct({ tools: Schema.Array(Entry) }))

export class RegisteredToolsInvalid extends Schema.TaggedError<RegisteredToolsInvalid>()("RegisteredToolsInvalid", {
  file: Schema.String,
  reason: Schema.String
}) {
  override get message() {
    return `the registered tools of ${this.file} (TIDEMARK_SARIF_TOOLS) cannot be used: ${this.reason}`
  }
}

/** A name-based UUID (version 5's layout, SHA-1): the same tool keeps its uuid, and with it the repositories' settings of it, across restarts. */
export const registeredToolUuid = (name: string): string => {
  const hex = createHash("sha1").update(`tidemark registered tool\0${name}`).digest("hex")
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`
}

/** The registrations of `text`, checked against the tools Tidemark ships (`taken`: their names, compared without case). */
export const registeredToolsOf = (
  file: string,
  text: string,
  taken: ReadonlyArray<string>
): Effect.Effect<ReadonlyArray<RegisteredTools.RegisteredTool>, RegisteredToolsInvalid> =>
  Effect.gen(function*() {
    const invalid = (reason: string) => new RegisteredToolsInvalid({ file, reason })
    const { tools } = yield* Schema.decodeUnknown(RegisteredToolsJson)(text).pipe(Effect.mapError((error) => invalid(error.message)))
    const names = new Set(taken.map((name) => name.toLowerCase()))
    for (const tool of tools) {
      if (names.has(tool.name.toLowerCase())) return yield* invalid(`the name ${tool.name} is taken (by a shipped tool or another registration)`)
      names.add(tool.name.toLowerCase())
      const unknown = tool.languages.filter((language) => !isLanguage(language))
      if (unknown.length > 0) return yield* invalid(`${tool.name}: languages Tidemark does not measure: ${unknown.join(", ")}`)
    }
    return tools.map((tool) => new RegisteredTools.RegisteredTool({ ...tool, uuid: registeredToolUuid(tool.name) }))
  })

/** The registrations of the file, none when no file is named. */
export const readRegisteredTools = (
  file: Option.Option<string>,
  taken: ReadonlyArray<string>
): Effect.Effect<ReadonlyArray<RegisteredTools.RegisteredTool>, RegisteredToolsInvalid> =>
  Option.match(file, {
    onNone: () => Effect.succeed([]),
    onSome: (path) =>
      Effect.tryPromise({ try: () => readFile(path, "utf8"), catch: (error) => new RegisteredToolsInvalid({ file: path, reason: `unreadable: ${String(error)}` }) }).pipe(
        Effect.flatMap((text) => registeredToolsOf(path, text, taken))
      )
  })
