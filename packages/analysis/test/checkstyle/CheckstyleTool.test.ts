import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { EnabledRule } from "../../src/EnabledRule.js"
import { makeCheckstyleTool } from "../../src/checkstyle/CheckstyleTool.js"
import type { SourceFile } from "../../src/SourceTree.js"
import { checkoutOf, checkstyleDefinition, defaultRules, project } from "./CheckstyleFixture.js"

const tool = makeCheckstyleTool(checkstyleDefinition)

const run = (root: string, files: ReadonlyArray<SourceFile>, rules: ReadonlyArray<EnabledRule> = defaultRules, configurationByDefault = false) =>
  Effect.flatten(tool.start(root, files, { rules, useConfigurationFile: false, configurationByDefault }))

const issuesOf = (result: { readonly issues: ReadonlyArray<{ readonly file: string; readonly line: number; readonly patternId: string; readonly severity: string }> }) =>
  result.issues.map((issue) => [issue.file, issue.line, issue.patternId, issue.severity])

const money = "src/main/java/app/Money.java"

describe("makeCheckstyleTool", () => {
  it("takes Java sources, and takes the prefix off", () => {
    expect(tool.languages).toEqual(["Java"])
    for (const path of ["A.java", "src/main/java/app/package-info.java"]) expect(tool.takes({ path, content: "" }), path).toBe(true)
    for (const path of ["A.kt", "A.class", "java", "build.gradle", "src/main/java/module-info.java"]) expect(tool.takes({ path, content: "" }), path).toBe(false)
    expect(tool.ruleIdOf("Checkstyle_EmptyBlock")).toBe("EmptyBlock")
    expect(tool.configurationOf([{ path: "config/checkstyle/checkstyle.xml", content: "" }])).toEqual({ file: "config/checkstyle/checkstyle.xml", readable: true })
    expect(tool.configurationOf([{ path: "docs/checkstyle.xml", content: "" }])).toBeUndefined()
  })

  it.effect("reports each family enabled with its pattern, line, message and severity, no style, and names a file it cannot parse", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf(project)
      const { problems, result } = yield* run(root, files)
      expect(problems).toEqual([])
      expect(result.issues.map((i) => [i.file, i.line, i.patternId, i.severity, i.message])).toEqual([
        [money, 3, "Checkstyle_UnusedImports", "Info", "Unused import - java.util.List."],
        [money, 7, "Checkstyle_EqualsHashCode", "Warning", "Definition of 'equals()' without corresponding definition of 'hashCode()'."],
        [money, 10, "Checkstyle_StringLiteralEquality", "Warning", "Literal Strings should be compared using equals(), not '=='."],
        [money, 13, "Checkstyle_FallThrough", "Warning", "Fall through from previous branch of the switch statement."],
        [money, 16, "Checkstyle_EmptyStatement", "Warning", "Empty statement."],
        [money, 20, "Checkstyle_UpperEll", "Warning", "Should use uppercase 'L'."]
      ])
      // Quiet.java's equals without hashCode is silenced by its CHECKSTYLE:OFF comment.
      expect(result.lintedFiles).toBe(3)
      expect(result.failedFiles.map((failed) => [failed.file, failed.reason])).toEqual([
        ["src/main/java/app/Shape.java", expect.stringMatching(/^Checkstyle could not parse it: line 3, column \d+: /)]
      ])
      const none = yield* run(root, files, [])
      expect([none.result.issues, none.result.lintedFiles]).toEqual([[], 3])
    }))

  it.effect("follows the repository's configuration as data, and names what it cannot follow", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf({
        ...project,
        "config/checkstyle/checkstyle.xml": [
          `<?xml version="1.0"?>`,
          `<!DOCTYPE module PUBLIC "-//Puppy Crawl//DTD Check Configuration 1.3//EN" "https://checkstyle.org/dtds/configuration_1_3.dtd">`,
          `<module name="Checker">`,
          `  <property name="cacheFile" value="\${checkstyle.cache.file}"/>`,
          `  <module name="SuppressionFilter">`,
          `    <property name="file" value="\${config_loc}/suppressions.xml"/>`,
          `  </module>`,
          `  <module name="TreeWalker">`,
          `    <module name="LineLength"><property name="max" value="100"/></module>`,
          `    <module name="com.puppycrawl.tools.checkstyle.checks.coding.EqualsHashCodeCheck"/>`,
          `    <module name="EmptyStatement"><property name="id" value="noEmpty"/></module>`,
          `    <module name="JavadocMethod"><property name="accessModifiers" value="public, private"/></module>`,
          `    <module name="com.example.checks.OurCheck"/>`,
          `    <module name="UpperEll"><property name="severity" value="ignore"/></module>`,
          `    <module name="ImportControl"><property name="file" value="\${config_loc}/imports.xml"/></module>`,
          `  </module>`,
          `</module>`,
          ``
        ].join("\n"),
        "config/checkstyle/suppressions.xml": [
          `<?xml version="1.0"?>`,
          `<!DOCTYPE suppressions PUBLIC "-//Checkstyle//DTD SuppressionFilter Configuration 1.2//EN" "https://checkstyle.org/dtds/suppressions_1_2.dtd">`,
          `<suppressions>`,
          `  <suppress checks="LineLength" files="Quiet\\.java"/>`,
          `</suppressions>`,
          ``
        ].join("\n")
      })
      const { problems, result } = yield* run(root, files, defaultRules, true)
      expect(result.configurationFile).toBe("config/checkstyle/checkstyle.xml")
      expect(issuesOf(result)).toEqual([
        [money, 7, "Checkstyle_EqualsHashCode", "Warning"],
        [money, 16, "Checkstyle_EmptyStatement", "Warning"],
        [money, 17, "Checkstyle_LineLength", "Info"],
        // The repository's configuration has no SuppressionCommentFilter: its CHECKSTYLE:OFF is not read.
        ["src/main/java/app/Quiet.java", 5, "Checkstyle_EqualsHashCode", "Warning"]
      ])
      expect(problems.map((problem) => [problem.code, problem.file])).toEqual([["unsupported_configuration", "config/checkstyle/checkstyle.xml"]])
      const said = problems[0]?.message ?? ""
      expect(said).toContain("LineLength: belongs under Checker, not TreeWalker")
      expect(said).toContain("JavadocMethod: accessModifiers is not a property of JavadocMethod in Checkstyle 8.36.1: left out")
      expect(said).toContain("com.example.checks.OurCheck: not a module of Checkstyle 8.36.1")
      expect(said).toContain("ImportControl: its import-control file is not followed")
    }))

  it.effect("follows what a Maven build adds: its suppressions file, and no test source unless it checks them", () =>
    Effect.gen(function*() {
      const test = "src/test/java/app/MoneyTest.java"
      const { files, root } = checkoutOf({
        ...project,
        [test]: "package app;\n\nclass MoneyTest {\n    long n = 1l;\n}\n",
        "checkstyle.xml": `<module name="Checker"><module name="TreeWalker"><module name="UpperEll"/><module name="EqualsHashCode"/></module></module>\n`,
        "pom.xml": [
          "<project><build><plugins><plugin>",
          "  <artifactId>maven-checkstyle-plugin</artifactId>",
          "  <configuration><suppressionsLocation>${project.basedir}/build/suppressions.xml</suppressionsLocation></configuration>",
          "</plugin></plugins></build></project>",
          ""
        ].join("\n"),
        "build/suppressions.xml": `<suppressions><suppress checks="EqualsHashCode" files="Quiet\\.java"/></suppressions>\n`
      })
      const { problems, result } = yield* run(root, files, defaultRules, true)
      expect(problems).toEqual([])
      expect(issuesOf(result)).toEqual([
        [money, 7, "Checkstyle_EqualsHashCode", "Warning"],
        [money, 20, "Checkstyle_UpperEll", "Warning"]
      ])
      expect(result.issues.some((issue) => issue.file === test)).toBe(false)
      // The enabled patterns are Tidemark's, not the build's: they read the test sources.
      const patterns = yield* run(root, files)
      expect(patterns.result.issues.filter((issue) => issue.file === test).map((issue) => [issue.line, issue.patternId])).toEqual([[4, "Checkstyle_UpperEll"]])
    }))

  it.effect("says a configuration Checkstyle refuses, and applies the enabled patterns instead", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf({
        ...project,
        "checkstyle.xml": `<module name="Checker"><module name="TreeWalker"><module name="EmptyBlock"><property name="option" value="sometimes"/></module></module></module>\n`
      })
      const { problems, result } = yield* run(root, files, defaultRules, true)
      expect(result.configurationFile).toBeUndefined()
      expect(problems.map((problem) => [problem.code, problem.file])).toEqual([["unreadable_configuration", "checkstyle.xml"]])
      expect(problems[0]?.message).toMatch(/^Checkstyle refused it \(the enabled patterns apply\): Checkstyle wrote no whole report/)
      expect(result.issues).toHaveLength(6)
    }))

  it.effect("says Checkstyle is not installed when it is not on the search path", () =>
    Effect.gen(function*() {
      const absent = makeCheckstyleTool(checkstyleDefinition, { searchPath: "/nonexistent" })
      expect(yield* absent.availability ?? Effect.die("no availability")).toMatchObject({
        _tag: "NotInstalled",
        reason: "checkstyle is not on the search path",
        install: expect.stringContaining("apt-get install checkstyle")
      })
      const { files, root } = checkoutOf(project)
      const failed = yield* Effect.flip(Effect.flatten(absent.start(root, files, { rules: defaultRules, useConfigurationFile: false, configurationByDefault: false })))
      expect(failed).toMatchObject({ _tag: "ToolFailed", tool: "Checkstyle" })
      expect(yield* tool.availability ?? Effect.die("no availability")).toEqual({ _tag: "Installed", version: "8.36.1" })
    }))
})
