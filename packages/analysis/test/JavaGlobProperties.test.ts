import { describe, expect, it } from "@effect/vitest"
import { Either, FastCheck as fc } from "effect"
import { javaGlob } from "../src/index.js"
import { javaGlobRegex } from "./JavaGlobRegex.js"

// Few characters, so that globs and paths meet often; a line break because `**` does not cross one.
const plain = ["a", "b", ".", "-", "^", "!", ",", "/", "\n", "]", "}"]
const special = ["*", "?", "[", "{", "\\"]

const literal = fc.constantFrom(...plain)
const escaped = fc.constantFrom(...plain, ...special).map((c) => `\\${c}`)
const wildcard = fc.constantFrom("*", "**", "?")
const classMember = fc.constantFrom("a", "b", "z", "-", "^", "!", "\\", "[", ".", "/")
const charClass = fc
  .tuple(fc.constantFrom("", "!", "^"), fc.array(classMember, { maxLength: 4 }), fc.constantFrom("]", "]", "]", ""))
  .map(([opening, members, closing]) => `[${opening}${members.join("")}${closing}`)
const stray = fc.constantFrom(...special, "}", ",")
const token = fc.oneof(literal, literal, escaped, wildcard, wildcard, charClass, stray)
const sequence = (maxLength: number) => fc.array(token, { maxLength }).map((tokens) => tokens.join(""))
const group = fc.array(sequence(3), { minLength: 1, maxLength: 3 }).map((alternatives) => `{${alternatives.join(",")}}`)
const glob = fc.array(fc.oneof(token, token, token, group), { maxLength: 6 }).map((pieces) => pieces.join(""))
const path = fc.array(fc.constantFrom(...plain, ...special, "}"), { maxLength: 10 }).map((chars) => chars.join(""))

// JavaGlobSyntax refuses these (a range without a start) where the regular expressions read a
// range from `-` or `^`, or threw; JavaGlob.test.ts pins them down.
const rangeWithoutStart = /\[(?:\^-[^\]]|[!^]?--[^\]])/

describe("javaGlob", () => {
  it("matches, and refuses, as the regular expressions it replaced", () => {
    fc.assert(
      fc.property(glob, fc.array(path, { maxLength: 8 }), (pattern, paths) => {
        fc.pre(!rangeWithoutStart.test(pattern))
        const answers = (test: (path: string) => boolean) => paths.map(test)
        expect(Either.map(javaGlob(pattern), (compiled) => answers(compiled.test)))
          .toEqual(Either.map(javaGlobRegex(pattern), (regex) => answers((candidate) => regex.test(candidate))))
      }),
      { numRuns: 20_000 }
    )
  })

  it("matches what the regular expressions matched, on paths made to match", () => {
    // A path spelled from the glob itself: its literals kept, its wildcards and classes filled in.
    const filled = fc.tuple(glob, fc.array(fc.constantFrom("", "a", "/", "ab", "a/b", "\n"), { minLength: 8, maxLength: 8 }))
      .map(([pattern, fillers]) => {
        let next = 0
        const fill = () => fillers[next++ % fillers.length] ?? ""
        return { pattern, candidate: pattern.replace(/\*\*|\*|\?|\[[^\]]*\]|[{},\\]/g, fill) }
      })
    fc.assert(
      fc.property(filled, ({ candidate, pattern }) => {
        fc.pre(!rangeWithoutStart.test(pattern))
        expect(Either.map(javaGlob(pattern), (compiled) => compiled.test(candidate)))
          .toEqual(Either.map(javaGlobRegex(pattern), (regex) => regex.test(candidate)))
      }),
      { numRuns: 20_000 }
    )
  })
})
