import { Either } from "effect"
import stripJsonComments from "strip-json-comments"
import { reasonOf } from "./LintedFile.js"

/**
 * A JSON configuration file as plain data, or what is wrong with it: comments and trailing commas
 * allowed, as the tools that read such files (markdownlint, Spectral) allow them.
 */
export const parseJsonc = (content: string): Either.Either<unknown, string> =>
  Either.try({ try: (): unknown => JSON.parse(stripJsonComments(content, { trailingCommas: true })), catch: reasonOf })
