import { ParseResult } from "effect"

/**
 * A decoding failure in one line a person can act on: where in the document, and what was
 * expected there. TreeFormatter's output spells out the whole expected type, which for a report
 * format is a page of noise. Of the issues, the deepest say most: a union such as `"" | <lines>`
 * fails on its shallow branch too, and that issue only says the element was not empty. A union of
 * literals fails once per literal at the same place; those become one "Expected a | b".
 */
export const parseErrorText = (error: ParseResult.ParseError): string => {
  const issues = ParseResult.ArrayFormatter.formatErrorSync(error)
  const depth = Math.max(0, ...issues.map((issue) => issue.path.length))
  const deepest = issues.filter((issue) => issue.path.length === depth)
  const [first] = deepest
  if (first === undefined) return error.message
  const where = first.path.length === 0 ? "" : `at ${first.path.map(String).join(".")}: `
  return `${where}${mergedMessage(deepest.map((issue) => issue.message))}`
}

const mergedMessage = (messages: ReadonlyArray<string>): string => {
  // An optional field fails its `undefined` branch too; saying so adds nothing.
  const parts = messages.map((message) => /^Expected (.*), actual (.*)$/s.exec(message)).filter((part) => part?.[1] !== "undefined")
  const actual = parts[0]?.[2]
  const alike = parts.length > 0 && parts.every((part) => part !== null && part[2] === actual)
  return alike ? `Expected ${parts.map((part) => part?.[1]).join(" | ")}, actual ${actual}` : (messages[0] ?? "")
}
