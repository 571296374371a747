import { describe, expect, it } from "vitest"
import { customSyntaxOf, looksBuilt, minifiedCopyOf, stylesheetSyntaxOf, takesStylesheet } from "../../src/stylelint/StylelintFiles.js"

describe("StylelintFiles", () => {
  it("knows a stylesheet's syntax by its extension, as the line counts name it", () => {
    expect(stylesheetSyntaxOf("a/b.css")).toBe("CSS")
    expect(stylesheetSyntaxOf("scss/_x.scss")).toBe("SCSS")
    expect(stylesheetSyntaxOf("THEME.LESS")).toBe("LESS")
    expect(stylesheetSyntaxOf("old.sass")).toBeUndefined()
    expect(stylesheetSyntaxOf("index.html")).toBeUndefined()
  })

  it("leaves out CSS most of whose characters are on lines of a thousand or more, whatever its name", () => {
    expect(takesStylesheet({ path: "dist.css", content: `${"a{color:red}".repeat(100)}\n` })).toBe(false)
    expect(takesStylesheet({ path: "site.css", content: "a { color: red; }\n".repeat(100) })).toBe(true)
  })

  it("takes a stylesheet ending with a compiler's source map comment for a build's output, and names a stylesheet's minified copy", () => {
    expect(looksBuilt("a { color: red; }\n\n/*# sourceMappingURL=bulma.css.map */\n")).toBe(true)
    expect(looksBuilt("/*# sourceMappingURL=x.map */\na { color: red; }\n")).toBe(false)
    expect(takesStylesheet({ path: "css/bulma.css", content: "a {}\n/*# sourceMappingURL=bulma.css.map */" })).toBe(false)
    expect(minifiedCopyOf("css/site.css")).toBe("css/site.min.css")
    expect(minifiedCopyOf("scss/site.scss")).toBeUndefined()
  })

  it("parses SCSS and Less with their PostCSS syntaxes, CSS with Stylelint's own", () => {
    expect(customSyntaxOf("CSS")).toBeUndefined()
    const scss = customSyntaxOf("SCSS")
    const less = customSyntaxOf("LESS")
    expect(typeof scss === "object" && typeof scss.parse === "function").toBe(true)
    expect(typeof less === "object" && typeof less.parse === "function" && less !== scss).toBe(true)
  })
})
