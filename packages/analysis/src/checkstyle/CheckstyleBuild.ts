import { posix } from "node:path"
import type { SourceFile } from "../SourceTree.js"

/**
 * What a Maven build's Checkstyle plug-in adds to the configuration it runs, read from the root
 * `pom.xml` as data (never run): its `suppressionsLocation`, a suppressions file applied beside the
 * configuration (commons-io keeps its test sources' Javadoc exemptions there), and whether it
 * checks the test sources (`includeTestSourceDirectory`, false unless set: Maven's plug-in then
 * reads `src/main` alone), and the properties a configuration's `${…}` may name: the pom's own
 * `<properties>` and what the plug-in defines (`checkstyle.suppressions.file`, its suppressions).
 * Gradle's plug-in checks every source set and names its suppressions from the configuration
 * (`${config_loc}`), which CheckstyleConfig follows.
 */

export interface BuildSettings {
  /** The suppressions file the build applies, relative to the root, when it names one of the checkout. */
  readonly suppressions: string | undefined
  /** Whether the build checks test sources too. */
  readonly includesTests: boolean
  /** The values a configuration's `${name}` may take from the build (paths relative to the root). */
  readonly properties: Readonly<Record<string, string>>
}

const everything: BuildSettings = { suppressions: undefined, includesTests: true, properties: {} }

const withoutBasedir = (value: string): string => value.replace(/\$\{(?:project\.)?basedir\}\/?/g, "")

/** The pom's `<properties>`, those whose value holds no other `${…}` once the project's folder is taken off. */
const pomProperties = (pom: string): Record<string, string> => {
  const block = /<properties>([\s\S]*?)<\/properties>/.exec(pom)?.[1] ?? ""
  const properties: Record<string, string> = {}
  for (const [, name = "", value = ""] of block.matchAll(/<([\w.-]+)>\s*([^<]*?)\s*<\/\1>/g)) {
    const plain = withoutBasedir(value)
    if (!plain.includes("${")) properties[name] = plain
  }
  return properties
}

const valueOf = (pom: string, element: string): string | undefined => new RegExp(`<${element}>\\s*([^<]*?)\\s*</${element}>`).exec(pom)?.[1]

/** The root pom's Checkstyle plug-in settings; a repository without one (Gradle's, or none) checks everything it is given. */
export const buildSettingsOf = (files: ReadonlyArray<SourceFile>): BuildSettings => {
  const pom = files.find((file) => file.path === "pom.xml")?.content.replace(/<!--[\s\S]*?-->/g, "")
  if (pom === undefined || !pom.includes("<artifactId>maven-checkstyle-plugin</artifactId>")) return everything
  const location = valueOf(pom, "suppressionsLocation")
  const path = location === undefined || withoutBasedir(location).includes("${") ? undefined : posix.normalize(withoutBasedir(location))
  const suppressions = path === undefined || path.startsWith("../") || posix.isAbsolute(path) ? undefined : path
  return {
    suppressions,
    includesTests: valueOf(pom, "includeTestSourceDirectory") === "true",
    properties: { ...pomProperties(pom), ...(suppressions === undefined ? {} : { "checkstyle.suppressions.file": suppressions }) }
  }
}

/** Whether a source is one of Maven's test sources (`src/test/…`, at the root or in a module). */
export const isTestSource = (path: string): boolean => /(?:^|\/)src\/test\//.test(path)
