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
      includesTests: true
    })
    expect(buildSettingsOf(pom("<configLocation>checkstyle.xml</configLocation>"))).toEqual({ suppressions: undefined, includesTests: false })
    // A location Tidemark cannot resolve, or outside the checkout, is not one.
    expect(buildSettingsOf(pom("<suppressionsLocation>${checkstyle.suppressions}</suppressionsLocation>")).suppressions).toBeUndefined()
    expect(buildSettingsOf(pom("<suppressionsLocation>../shared/suppressions.xml</suppressionsLocation>")).suppressions).toBeUndefined()
  })

  it("checks everything without Maven's plug-in (Gradle's checks every source set)", () => {
    expect(buildSettingsOf([{ path: "build.gradle", content: "plugins { id 'checkstyle' }\n" }])).toEqual({ suppressions: undefined, includesTests: true })
    expect(buildSettingsOf([{ path: "pom.xml", content: "<project><!-- <artifactId>maven-checkstyle-plugin</artifactId> --></project>" }])).toEqual({ suppressions: undefined, includesTests: true })
  })
})

describe("isTestSource", () => {
  it("is a source under src/test, at the root or in a module", () => {
    expect(["src/test/java/A.java", "core/src/test/java/A.java"].map(isTestSource)).toEqual([true, true])
    expect(["src/main/java/A.java", "test/A.java", "src/testing/A.java"].map(isTestSource)).toEqual([false, false, false])
  })
})
