import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { type BuildAdditions, configurationText, moduleNameOf, patternsPlan, readConfiguration, scopeOfAccessModifiers, type ModuleConfig } from "../../src/checkstyle/CheckstyleConfig.js"
import type { SourceFile } from "../../src/SourceTree.js"

const read = (content: string, others: Readonly<Record<string, string>> = {}, path = "config/checkstyle/checkstyle.xml", build: BuildAdditions = {}) => {
  const files = new Map<string, SourceFile>(Object.entries({ ...others, [path]: content }).map(([file, text]) => [file, { path: file, content: text }]))
  return readConfiguration({ path, content }, files, build)
}

const configOf = (body: string) => `<?xml version="1.0"?>\n<module name="Checker">\n${body}\n</module>\n`

/** The tree as `Name(property=value, …)[children]`, for reading a plan at a glance. */
const shape = (module: ModuleConfig): string => {
  const properties = module.properties.map(([key, value]) => `${key}=${value}`).join(", ")
  const children = module.children.map(shape).join(" ")
  return `${module.name}${properties === "" ? "" : `(${properties})`}${children === "" ? "" : `[${children}]`}`
}

const planOf = (content: string, others: Readonly<Record<string, string>> = {}) => {
  const result = read(content, others)
  if (Either.isLeft(result)) throw new Error(result.left)
  return { shape: shape(result.right.plan.checker), problems: result.right.problems, ids: result.right.plan.ids }
}

const tidemark = "charset=UTF-8, haltOnException=false, localeLanguage=en, localeCountry=US"

describe("moduleNameOf", () => {
  it("knows a module by its name, its class name or Checkstyle's full class name, and no other", () => {
    expect(moduleNameOf("EmptyBlock")).toBe("EmptyBlock")
    expect(moduleNameOf("EmptyBlockCheck")).toBe("EmptyBlock")
    expect(moduleNameOf("com.puppycrawl.tools.checkstyle.checks.blocks.EmptyBlockCheck")).toBe("EmptyBlock")
    expect(moduleNameOf("TreeWalker")).toBe("TreeWalker")
    expect(moduleNameOf("com.example.EmptyBlockCheck")).toBeUndefined()
    // A newer Checkstyle's check (10.x) is not one of 8.36.1's.
    expect(moduleNameOf("UnusedLocalVariable")).toBeUndefined()
  })
})

describe("scopeOfAccessModifiers", () => {
  it("says a newer Checkstyle's set of visibilities as 8.36's scope and excludeScope where it is a run", () => {
    expect(["public", "public, protected", "protected,public,package", "public,protected,package,private"].map(scopeOfAccessModifiers)).toEqual([
      [["scope", "public"]],
      [["scope", "protected"]],
      [["scope", "package"]],
      [["scope", "private"]]
    ])
    expect(["protected", "package, private"].map(scopeOfAccessModifiers)).toEqual([[["scope", "protected"], ["excludeScope", "public"]], [["scope", "private"], ["excludeScope", "protected"]]])
    expect(["public, package", "", "friends"].map(scopeOfAccessModifiers)).toEqual([undefined, undefined, undefined])
  })
})

describe("readConfiguration", () => {
  it("writes the modules again with Tidemark's Checker settings, its own charset kept", () => {
    const { problems, shape: written } = planOf(configOf(`
      <property name="charset" value="ISO-8859-1"/>
      <property name="localeLanguage" value="fr"/>
      <property name="cacheFile" value="target/cache"/>
      <module name="TreeWalker"><module name="EmptyBlock"><property name="option" value="text"/></module></module>`))
    expect(written).toBe("Checker(charset=ISO-8859-1, haltOnException=false, localeLanguage=en, localeCountry=US)[TreeWalker[EmptyBlock(option=text)]]")
    expect(problems).toEqual([])
  })

  it("resolves the build plug-ins' folders and a property's default, and leaves out a value it cannot resolve", () => {
    const { problems, shape: written } = planOf(configOf(`
      <module name="TreeWalker">
        <module name="LineLengthX"/>
        <module name="MethodLength"><property name="max" value="\${method.max}" default="80"/></module>
        <module name="ParameterNumber"><property name="max" value="\${params.max}"/></module>
      </module>
      <module name="Header"><property name="headerFile" value="\${config_loc}/header.txt"/></module>`), { "config/checkstyle/header.txt": "// Copyright\n// Licence\n" })
    expect(written).toBe(`Checker(${tidemark})[Header(header=// Copyright\\n// Licence) TreeWalker[MethodLength(max=80) ParameterNumber]]`)
    expect(problems).toEqual([
      "config/checkstyle/checkstyle.xml: LineLengthX: not a module of Checkstyle 8.36.1 (a custom check, or a newer release's): left out",
      "config/checkstyle/checkstyle.xml: ParameterNumber: max=\"${params.max}\" names a property this analysis does not define: left at Checkstyle's default"
    ])
  })

  it("moves a module to the parent this Checkstyle wants, and leaves out a property it does not have", () => {
    const { problems, shape: written } = planOf(configOf(`
      <module name="TreeWalker">
        <module name="LineLength"><property name="max" value="120"/></module>
        <module name="JavadocMethod"><property name="accessModifiers" value="public, private"/><property name="scope" value="public"/></module>
        <module name="MissingJavadocMethod"><property name="accessModifiers" value="protected"/></module>
      </module>
      <module name="EqualsHashCode"/>`))
    expect(written).toBe(`Checker(${tidemark})[LineLength(max=120) TreeWalker[JavadocMethod(scope=public) MissingJavadocMethod(scope=protected, excludeScope=public) EqualsHashCode]]`)
    expect(problems).toEqual([
      "config/checkstyle/checkstyle.xml: LineLength: belongs under Checker, not TreeWalker (as Checkstyle 8.36.1 wants it): moved",
      "config/checkstyle/checkstyle.xml: JavadocMethod: accessModifiers is not a property of JavadocMethod in Checkstyle 8.36.1: left out",
      "config/checkstyle/checkstyle.xml: EqualsHashCode: belongs under TreeWalker, not Checker (as Checkstyle 8.36.1 wants it): moved"
    ])
  })

  it("reads a suppressions file of the checkout into single filters, and names one that is missing", () => {
    const suppressions = [
      `<?xml version="1.0"?>`,
      `<!DOCTYPE suppressions PUBLIC "-//Checkstyle//DTD SuppressionFilter Configuration 1.2//EN" "https://checkstyle.org/dtds/suppressions_1_2.dtd">`,
      `<suppressions>`,
      `  <suppress checks="LineLength|MagicNumber" files=".*Test\\.java"/>`,
      `  <suppress id="noEmpty" files="Legacy.java" lines="10-20"/>`,
      `  <suppress-xpath checks="EmptyBlock" query="//METHOD_DEF"/>`,
      `</suppressions>`
    ].join("\n")
    const { problems, shape: written } = planOf(configOf(`
      <module name="SuppressionFilter"><property name="file" value="\${config_loc}/suppressions.xml"/></module>
      <module name="SuppressionFilter"><property name="file" value="missing.xml"/></module>
      <module name="SuppressionFilter"><property name="file" value="optional.xml"/><property name="optional" value="true"/></module>`), {
      "config/checkstyle/suppressions.xml": suppressions
    })
    expect(written).toBe(
      `Checker(${tidemark})[SuppressionSingleFilter(checks=LineLength|MagicNumber, files=.*Test\\.java) SuppressionSingleFilter(files=Legacy.java, lines=10-20, id=noEmpty) TreeWalker[SuppressionXpathSingleFilter(checks=EmptyBlock, query=//METHOD_DEF)]]`
    )
    expect(problems).toEqual(["config/checkstyle/checkstyle.xml: SuppressionFilter: missing.xml is not a file of the checkout: its suppressions are not followed"])
  })

  it("takes the build's properties and suppressions file, a file the configuration names too read once", () => {
    const suppressions = `<suppressions><suppress checks="LineLength" files="Generated\\.java"/></suppressions>`
    const result = read(configOf(`
      <module name="SuppressionFilter"><property name="file" value="\${checkstyle.suppressions.file}"/></module>
      <module name="Header"><property name="headerFile" value="\${checkstyle.header.file}"/></module>`), {
      "src/conf/suppressions.xml": suppressions,
      "src/conf/header.txt": "// Licensed\n"
    }, "src/conf/checkstyle.xml", { suppressions: "src/conf/suppressions.xml", properties: { "checkstyle.suppressions.file": "src/conf/suppressions.xml", "checkstyle.header.file": "src/conf/header.txt" } })
    expect(Either.map(result, ({ plan, problems }) => [shape(plan.checker), problems])).toEqual(Either.right([
      `Checker(${tidemark})[SuppressionSingleFilter(checks=LineLength, files=Generated\\.java) Header(header=// Licensed) TreeWalker]`,
      []
    ]))
  })

  it("leaves out a module of severity ignore and an import control, keeps ids and custom messages", () => {
    const { ids, problems, shape: written } = planOf(configOf(`
      <module name="TreeWalker">
        <module name="EmptyStatement"><property name="id" value="noEmpty"/><message key="empty.statement" value="No ;"/></module>
        <module name="UpperEll"><property name="severity" value="ignore"/></module>
        <module name="ImportControl"><property name="file" value="imports.xml"/></module>
      </module>`))
    expect(written).toBe(`Checker(${tidemark})[TreeWalker[EmptyStatement(id=noEmpty)]]`)
    expect(ids).toEqual({ noEmpty: "EmptyStatement" })
    expect(problems).toEqual(["config/checkstyle/checkstyle.xml: ImportControl: its import-control file is not followed (Checkstyle would read it): left out"])
  })

  it("never reads an entity: the DOCTYPE's are named and what they stand for left out", () => {
    const content = [
      `<?xml version="1.0"?>`,
      `<!DOCTYPE module PUBLIC "-//Checkstyle//DTD Checkstyle Configuration 1.3//EN" "https://checkstyle.org/dtds/configuration_1_3.dtd" [`,
      `  <!ENTITY common SYSTEM "/etc/passwd">`,
      `]>`,
      `<module name="Checker">&common;<module name="TreeWalker"><module name="EqualsHashCode"/></module></module>`
    ].join("\n")
    const { problems, shape: written } = planOf(content)
    expect(written).toBe(`Checker(${tidemark})[TreeWalker[EqualsHashCode]]`)
    expect(problems).toEqual([expect.stringContaining("its DOCTYPE declares entities, which are not read")])
    expect(configurationText({ checker: { name: "Checker", properties: [], messages: [], children: [] }, ids: {} })).not.toContain("ENTITY")
  })

  it("says why a file cannot be followed at all", () => {
    expect(read("<module name=\"Checker\"><module></module")).toEqual(Either.left(expect.stringMatching(/^config\/checkstyle\/checkstyle.xml is not XML: /)))
    expect(read("<module name=\"TreeWalker\"/>")).toEqual(Either.left("config/checkstyle/checkstyle.xml is not a Checkstyle configuration: its root is not <module name=\"Checker\">"))
  })
})

describe("patternsPlan and configurationText", () => {
  it("puts each enabled check under its parent, with the filter that reads the code's own CHECKSTYLE:OFF comments", () => {
    const plan = patternsPlan(["EqualsHashCode", "NewlineAtEndOfFile", "NoSuchCheck"])
    expect(shape(plan.checker)).toBe(`Checker(${tidemark})[NewlineAtEndOfFile TreeWalker[EqualsHashCode SuppressionCommentFilter]]`)
    const text = configurationText(plan)
    expect(text).toContain(`<!DOCTYPE module PUBLIC "-//Checkstyle//DTD Checkstyle Configuration 1.3//EN"`)
    expect(text).toContain(`    <module name="EqualsHashCode"/>`)
  })

  it("escapes what a value holds", () => {
    const text = configurationText({ checker: { name: "Checker", properties: [["format", `a<b & "c"\n`]], messages: [], children: [] }, ids: {} })
    expect(text).toContain(`<property name="format" value="a&lt;b &amp; &quot;c&quot;&#10;"/>`)
  })
})
