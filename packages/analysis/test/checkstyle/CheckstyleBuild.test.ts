import { describe, expect, it } from "vitest"
import { buildSettingsOf, isTestSource } from "../../src/checkstyle/CheckstyleBuild.js"

const pom = (configuration: string) => [
  {
    path: "pom.xml",
    content: `<project><build><plugins><plugin><artifactId>maven-checkstyle-plugin</artifactId><configuration>${configuration}</configuration></plugin></plugins></build></project>\n`
  }
]

describe("buildSettingsOf", () => {
  it("reads a Maven build's suppressions file and whether it checks the test sources", () => {
    expect(buildSettingsOf(pom("<suppressionsLocation>${basedir}/src/conf/suppressions.xml</suppressionsLocation><includeTestSourceDirectory>true</includeTestSourceDirectory>"))).toEqual({
      suppressions: "src/conf/suppressions.xml",
      includesTests: true,
      properties: { "checkstyle.suppressions.file": "src/conf/suppressions.xml" }
    })
    expect(buildSettingsOf(pom("<configLocation>checkstyle.xml</configLocation>"))).toEqual({ suppressions: undefined, includesTests: false, properties: {} })
    // A location Tidemark cannot resolve, or outside the checkout, is not one.
    expect(buildSettingsOf(pom("<suppressionsLocation>${checkstyle.suppressions}</suppressionsLocation>")).suppressions).toBeUndefined()
    expect(buildSettingsOf(pom("<suppressionsLocation>../shared/suppressions.xml</suppressionsLocation>")).suppressions).toBeUndefined()
  })

  it("reads the pom's properties a configuration's ${…} may name, the project's folder taken off", () => {
    const [file] = pom("")
    const withProperties = { path: "pom.xml", content: (file?.content ?? "").replace("<build>", "<properties><checkstyle.header.file>${basedir}/src/conf/header.txt</checkstyle.header.file><java.version>17</java.version><other>${env.X}</other></properties><build>") }
    expect(buildSettingsOf([withProperties]).properties).toEqual({ "checkstyle.header.file": "src/conf/header.txt", "java.version": "17" })
  })

  it("checks everything without Maven's plug-in (Gradle's checks every source set)", () => {
    const everything = { suppressions: undefined, includesTests: true, properties: {} }
    expect(buildSettingsOf([{ path: "build.gradle", content: "plugins { id 'checkstyle' }\n" }])).toEqual(everything)
    expect(buildSettingsOf([{ path: "pom.xml", content: "<project><!-- <artifactId>maven-checkstyle-plugin</artifactId> --></project>" }])).toEqual(everything)
  })
})

describe("isTestSource", () => {
  it("is a source under src/test, at the root or in a module", () => {
    expect(["src/test/java/A.java", "core/src/test/java/A.java"].map(isTestSource)).toEqual([true, true])
    expect(["src/main/java/A.java", "test/A.java", "src/testing/A.java"].map(isTestSource)).toEqual([false, false, false])
  })
})
