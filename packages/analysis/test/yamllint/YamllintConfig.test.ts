import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { configurationText, patternsPlan, readConfiguration } from "../../src/yamllint/YamllintConfig.js"

const files = (entries: Readonly<Record<string, string>>) => new Map(Object.entries(entries).map(([path, content]) => [path, { path, content }]))

describe("readConfiguration", () => {
  it("expands extends (relaxed over default, a file of the checkout) merging options as yamllint does, and names what it does not follow", () => {
    const tree = files({
      ".yamllint": "extends: ci/base.yaml\nignore-from-file: .gitignore\nrules:\n  line-length: {max: 120}\n  comments: disable\n",
      "ci/base.yaml": "extends: relaxed\nyaml-files: ['*.txt']\nrules:\n  line-length: {level: error}\n",
      ".gitignore": "build/\n"
    })
    const read = Either.getOrThrow(readConfiguration(tree.get(".yamllint") ?? { path: "", content: "" }, tree))
    expect(read.plan.rules["line-length"]).toEqual({ level: "error", "allow-non-breakable-inline-mappings": true, max: 120 })
    expect(read.plan.rules["braces"]).toEqual({ level: "warning", "max-spaces-inside": 1 })
    expect([read.plan.rules["comments"], read.plan.rules["truthy"], read.plan.rules["key-duplicates"]]).toEqual([false, false, {}])
    expect(read.plan.ignore).toEqual(["build/", ""])
    // yaml-files is the read file's own, never the extended one's.
    expect(read.plan.yamlFiles).toEqual(["*.yaml", "*.yml", ".yamllint"])
    expect(read.plan.chosenLevels).toEqual(["line-length"])
    expect(read.problems).toEqual([])
    const outside = files({ ".yamllint": "extends: ../../etc/yamllint\n" })
    expect(Either.getOrThrow(readConfiguration(outside.get(".yamllint") ?? { path: "", content: "" }, outside)).problems).toEqual([
      ".yamllint: extends: ../../etc/yamllint is not followed: not yamllint's default or relaxed, nor a file of the checkout"
    ])
  })

  it("writes the enabled patterns' rules alone, with nothing extended", () => {
    expect(JSON.parse(configurationText(patternsPlan(["key-duplicates", "syntax", "truthy"])))).toEqual({ rules: { "key-duplicates": {}, truthy: {} } })
  })
})
