import { Either } from "effect"
import { parseDocument } from "yaml"

/**
 * A YAML document as plain data (`null` for an empty one), or what is wrong with it in one line
 * with where it is (`Map keys must be unique at line 2, column 1`). Duplicate keys are errors, as
 * they are to js-yaml, the parser ESLint reads its YAML configs with; aliases expand at most 100
 * times, so a small file cannot unfold into gigabytes.
 */
export const parseYaml = (content: string): Either.Either<unknown, string> => {
  const document = parseDocument(content, { uniqueKeys: true })
  const [error] = document.errors
  // The parser's message continues with a picture of the line at fault: the first line says it all.
  if (error !== undefined) return Either.left(error.message.split(":\n")[0] ?? error.message)
  return Either.try({
    try: (): unknown => document.toJS({ maxAliasCount: 100 }),
    catch: (cause) => (cause instanceof Error ? cause.message : String(cause))
  })
}
