import { describe, expect, it } from "vitest"
import { isSuppressed, readSuppressions, suppressionsOf } from "../../src/cppcheck/CppcheckSuppressions.js"

describe("CppcheckSuppressions", () => {
  const list = readSuppressions({
    path: ".cppcheck-suppressions",
    content: [
      "# a comment",
      "missingIncludeSystem",
      "nullPointer:src/legacy/*",
      "uninitvar:./src/a.c:12 // reviewed",
      "*:third_party/?lib.c",
      "uninitvar:a.c:twelve",
      "-bad",
      ""
    ].join("\n")
  })

  it("reads each id[:file[:line]], and names the lines it cannot follow", () => {
    expect(list.suppressions).toHaveLength(4)
    expect(list.problems).toEqual(["line 6: \"uninitvar:a.c:twelve\": \"twelve\" is not a line number", "line 7: \"-bad\" is not id[:file[:line]]"])
  })

  it("suppresses a finding by id, file (its wildcards crossing folders) and line", () => {
    const suppressed = (id: string, file: string, line: number) => isSuppressed(list.suppressions, id, file, line)
    expect(suppressed("missingIncludeSystem", "any/where.c", 1)).toBe(true)
    expect(suppressed("nullPointer", "src/legacy/deep/x.c", 3)).toBe(true)
    expect(suppressed("nullPointer", "src/new.c", 3)).toBe(false)
    expect(suppressed("uninitvar", "src/a.c", 12)).toBe(true)
    expect(suppressed("uninitvar", "src/a.c", 13)).toBe(false)
    expect(suppressed("memleak", "third_party/xlib.c", 9)).toBe(true)
    expect(suppressed("memleak", "third_party/xylib.c", 9)).toBe(false)
  })

  it("is found at the root under the names projects give it", () => {
    expect(suppressionsOf([{ path: "cppcheck-suppressions.txt", content: "memleak\n" }])?.suppressions).toHaveLength(1)
    expect(suppressionsOf([{ path: "ci/.cppcheck-suppressions", content: "memleak\n" }])).toBeUndefined()
  })
})
