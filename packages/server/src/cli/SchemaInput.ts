import { HelpDoc, ValidationError } from "@effect/cli"
import { Effect, ParseResult, Schema } from "effect"

/**
 * Command-line values decoded with the schemas that define them, reporting only what the user has
 * to fix (each failed check with where it failed), not the schema's tree.
 */

const messageOf = (error: ParseResult.ParseError) =>
  ParseResult.ArrayFormatter.formatErrorSync(error)
    .map((issue) => issue.path.length === 0 ? issue.message : `at ${issue.path.map(String).join(".")}: ${issue.message}`)
    .join("; ")

/** For `Args.mapEffect`, which fails with a HelpDoc. */
export const decodeArgument = <A>(schema: Schema.Schema<A, string>) => (input: string) =>
  Schema.decode(schema)(input).pipe(Effect.mapError((error) => HelpDoc.p(messageOf(error))))

/** For `Options.mapEffect`, which fails with a ValidationError naming the option. */
export const decodeOption = <A>(option: string, schema: Schema.Schema<A, string>) => (input: string) =>
  Schema.decode(schema)(input).pipe(
    Effect.mapError((error) => ValidationError.invalidValue(HelpDoc.p(`${option}: ${messageOf(error)}`)))
  )
