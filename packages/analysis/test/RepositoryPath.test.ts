import { describe, expect, it } from "vitest"
import { isInsideRoot, joinPath, relativeToRoot, uriRelativeToRoot } from "../src/index.js"

describe("relativeToRoot", () => {
  it.each([
    ["/repo/src/a.ts", "/repo", "src/a.ts"],
    ["/repo/src/a.ts", "/repo/", "src/a.ts"],
    ["./src/../lib/a.ts", "/repo", "lib/a.ts"],
    ["src\\win\\a.ts", "/repo", "src/win/a.ts"],
    ["C:\\work\\repo\\src\\a.ts", "C:\\work\\repo", "src/a.ts"],
    ["/repository/a.ts", "/repo", "/repository/a.ts"],
    ["/elsewhere/a.ts", "", "/elsewhere/a.ts"],
    ["/elsewhere/a.ts", "/", "elsewhere/a.ts"],
    ["file:///repo/src/my%20app.js", "/repo", "src/my app.js"],
    ["file:///C:/repo/a.ts", "C:/repo", "a.ts"],
    ["file:/repo/100%.txt", "/repo", "100%.txt"]
  ])("%s against %s is %s", (path, root, expected) => {
    expect(relativeToRoot(path, root)).toBe(expected)
  })

  it("decodes relative URI references, not plain paths", () => {
    expect(uriRelativeToRoot("src/my%20app.js", "/repo")).toBe("src/my app.js")
    expect(relativeToRoot("src/my%20app.js", "/repo")).toBe("src/my%20app.js")
  })

  it("joins a source directory and a relative file name, and tells what is inside the root", () => {
    expect(joinPath("/builds/app/lib/", "util/A.java")).toBe("/builds/app/lib/util/A.java")
    expect(joinPath("/builds/app", "/abs/A.java")).toBe("/abs/A.java")
    expect([isInsideRoot("src/a.ts"), isInsideRoot("../a.ts"), isInsideRoot("/a.ts"), isInsideRoot("C:/a.ts")]).toEqual([true, false, false, false])
  })
})
