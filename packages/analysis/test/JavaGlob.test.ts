import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { javaGlob, maxJavaGlobLength } from "../src/index.js"

const matches = (glob: string, paths: ReadonlyArray<string>) =>
  Either.match(javaGlob(glob), { onLeft: (reason) => reason, onRight: (regex) => paths.filter((path) => regex.test(path)) })

const paths = ["test/README.md", "test/a.js", "test/sub/b.js", "x.resource", "src/y.resource", "src/deep/z.resource", "test"]

describe("javaGlob", () => {
  it("reads the configuration file documentation's examples as Java does", () => {
    expect(matches("test/README.md", paths)).toEqual(["test/README.md"])
    expect(matches("test/*", paths)).toEqual(["test/README.md", "test/a.js"])
    expect(matches("test/**", paths)).toEqual(["test/README.md", "test/a.js", "test/sub/b.js"])
    expect(matches("test/**/*", paths)).toEqual(["test/sub/b.js"])
    expect(matches("**.resource", paths)).toEqual(["x.resource", "src/y.resource", "src/deep/z.resource"])
    // Java's `**/` needs a directory: a root-level file is not below one.
    expect(matches("**/*.resource", paths)).toEqual(["src/y.resource", "src/deep/z.resource"])
  })

  it("knows ?, classes, groups and escapes, none of which crosses a directory", () => {
    expect(matches("src/?.js", ["src/a.js", "src/ab.js", "src//.js"])).toEqual(["src/a.js"])
    expect(matches("[a-c]*.js", ["a.js", "d.js", "b/x.js"])).toEqual(["a.js"])
    expect(matches("[!a]*.js", ["a.js", "d.js", "/x.js"])).toEqual(["d.js"])
    expect(matches("*.{js,ts}", ["a.js", "a.ts", "a.tsx", "a.{js,ts}"])).toEqual(["a.js", "a.ts"])
    expect(matches(String.raw`\*.js`, ["*.js", "a.js"])).toEqual(["*.js"])
    expect(matches("a+b(c).js", ["a+b(c).js", "aab(c).js"])).toEqual(["a+b(c).js"])
  })

  it("refuses what Java refuses, saying where", () => {
    expect(matches("[abc", [])).toContain("not closed")
    expect(matches("{a,{b}}", [])).toContain("groups cannot nest")
    expect(matches("{a,b", [])).toContain("a group is not closed")
    expect(matches("a\\", [])).toContain("nothing to escape")
    expect(matches("[a/b]", [])).toContain(`cannot hold "/"`)
    expect(matches("[z-a]", [])).toContain("backwards")
  })
})

describe("javaGlob's cost", () => {
  it("is linear in the path: a glob that makes a backtracking matcher try every split answers at once", () => {
    const glob = Either.getOrThrow(javaGlob("**a**a**a**a**a**a**a**a**a**a**a**a**a**a**b"))
    const started = performance.now()
    glob.test("a".repeat(200))
    expect(performance.now() - started).toBeLessThan(100)
  })

  it("is bounded by refusing globs longer than maxJavaGlobLength", () => {
    expect(Either.isRight(javaGlob("a".repeat(maxJavaGlobLength)))).toBe(true)
    expect(matches("*".repeat(maxJavaGlobLength + 1), [])).toBe(
      `the glob of ${maxJavaGlobLength + 1} characters is longer than the ${maxJavaGlobLength} read: "${"*".repeat(40)}"…`
    )
  })
})

describe("javaGlob's classes", () => {
  it("refuse a range without a start, where the old regular expressions read another range or threw", () => {
    expect(matches("[^-x]", [])).toBe(`a range has no start at character 3 of the glob "[^-x]"`)
    expect(matches("[--x]", [])).toBe(`a range has no start at character 3 of the glob "[--x]"`)
    expect(matches("[!--!]", [])).toBe(`a range has no start at character 4 of the glob "[!--!]"`)
    // A leading `-`, alone or after `^`, is still a literal.
    expect(matches("[^-]", ["^", "-", "a"])).toEqual(["^", "-"])
    expect(matches("[--]", ["-", "a"])).toEqual(["-"])
  })
})
