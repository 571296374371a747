import { describe, expect, it } from "vitest"
import { takesYaml, yamlFilesMatcher } from "../../src/yamllint/YamlFiles.js"

describe("yamlFilesMatcher", () => {
  it("matches a file's name, never its folder, as yamllint's yaml-files does, a ! pattern taking a name back", () => {
    const matches = yamlFilesMatcher(["*.yaml", "*.y?ml", "Kptfile", "!secret*.yaml"])
    const names = ["a.yaml", "dir.yaml/b.txt", "k8s/Kptfile", "c.yxml", "secret-x.yaml", "d.yml.j2"]
    expect(names.filter((path) => matches({ path, content: "" }))).toEqual(["a.yaml", "k8s/Kptfile", "c.yxml"])
    expect(["x.yml", ".yamllint", "x.json"].map((path) => takesYaml({ path, content: "" }))).toEqual([true, true, false])
  })
})
