import { createRequire } from "node:module"
import { Effect, Schema } from "effect"
import { Language, Parser } from "web-tree-sitter"

/** A grammar's wasm file could not be found or loaded. */
export class GrammarLoadError extends Schema.TaggedError<GrammarLoadError>()("GrammarLoadError", {
  grammar: Schema.String,
  message: Schema.String
}) {}

/** The languages parsed with tree-sitter (JavaScript and TypeScript use TypeScript's own parser). */
export type GrammarLanguage = "Python" | "Java" | "Go"

/** The tree-sitter grammars, loaded once; one parser per grammar, reused by every parse. */
export interface Grammars {
  readonly parserFor: (language: GrammarLanguage) => Parser
}

// Each grammar package ships its wasm build, so no native compilation is needed on any machine.
const wasmFiles: Record<GrammarLanguage, string> = {
  Python: "tree-sitter-python/tree-sitter-python.wasm",
  Java: "tree-sitter-java/tree-sitter-java.wasm",
  Go: "tree-sitter-go/tree-sitter-go.wasm"
}

const parserOf = (language: GrammarLanguage) =>
  Effect.tryPromise({
    try: () => Language.load(createRequire(import.meta.url).resolve(wasmFiles[language])),
    catch: (cause) => new GrammarLoadError({ grammar: wasmFiles[language], message: String(cause) })
  }).pipe(Effect.map((grammar) => {
    const parser = new Parser()
    parser.setLanguage(grammar)
    return parser
  }))

export const loadGrammars: Effect.Effect<Grammars, GrammarLoadError> = Effect.gen(function*() {
  yield* Effect.tryPromise({
    try: () => Parser.init(),
    catch: (cause) => new GrammarLoadError({ grammar: "web-tree-sitter", message: String(cause) })
  })
  const parsers: Record<GrammarLanguage, Parser> = yield* Effect.all({
    Python: parserOf("Python"),
    Java: parserOf("Java"),
    Go: parserOf("Go")
  })
  return { parserFor: (language) => parsers[language] }
})
