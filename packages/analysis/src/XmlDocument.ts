import { Either } from "effect"
import { XMLParser, XMLValidator } from "fast-xml-parser"

/** Why a document is not well-formed XML, with the line fast-xml-parser's validator points at. */
export interface XmlProblem {
  readonly reason: string
  readonly line?: number
}

/**
 * Parses XML into plain objects for a Schema to decode: attributes become properties (no
 * prefix), every value stays a string (the Schema decides what is a number), and the elements
 * named in `repeated` are always arrays, so that one `<class>` and many decode alike.
 *
 * The parser alone accepts broken XML silently (`<a><b></a>` gives `{a:{b:""}}`), so the document
 * is validated first. `XMLValidator` is marked deprecated in favour of a separate package that
 * is not in our registry; it is the same code, shipped in the version we pin.
 */
export const parseXml = (content: string, repeated: ReadonlySet<string>): Either.Either<unknown, XmlProblem> => {
  const valid = XMLValidator.validate(content)
  if (valid !== true) return Either.left({ reason: readableReason(valid.err.msg), line: valid.err.line })
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    parseAttributeValue: false,
    parseTagValue: false,
    // External entities are never fetched by fast-xml-parser; DOCTYPE entities stay off too.
    processEntities: true,
    isArray: (name) => repeated.has(name)
  })
  return Either.try({
    try: (): unknown => parser.parse(content),
    catch: (error) => ({ reason: error instanceof Error ? error.message : String(error) })
  })
}

// For a truncated document the validator lists the open elements as JSON: `Invalid '["a","b"]' found.`
const readableReason = (message: string): string => {
  const open = /^Invalid '\[(.*)\]' found\.$/s.exec(message)?.[1]
  if (open === undefined) return message
  const names = [...open.matchAll(/"([^"]*)"/g)].map(([, name]) => `<${name ?? ""}>`)
  return `the document ends before ${names.join(", ")} ${names.length === 1 ? "is" : "are"} closed`
}
