import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { atTemplateMarker, isHelmTemplate } from "../../src/yamllint/YamlTemplates.js"
import { makeYamllintTool } from "../../src/yamllint/YamllintTool.js"
import { checkoutOf, defaultRules, yamllintDefinition } from "./YamllintFixture.js"

// Shaped on prometheus-community/helm-charts' prometheus-blackbox-exporter (templates/service.yaml:
// yamllint's "could not find expected ':'" on line 5, the line after `{{- if … }}`).
const helmService = [
  "apiVersion: v1",
  "kind: Service",
  "metadata:",
  "{{- if .Values.service.annotations }}",
  "  annotations:",
  "    {{- toYaml .Values.service.annotations | nindent 4 }}",
  "{{- end }}",
  "  name: {{ include \"exporter.fullname\" . }}",
  ""
].join("\n")

// A Salt or Ansible file looping in Jinja: yamllint stops at the `%` of line 1.
const jinjaUsers = ["{% for user in users %}", "{{ user }}:", "  user.present: []", "{% endfor %}", ""].join("\n")

// A GitHub Actions workflow with a real syntax error (a mapping under a sequence item badly indented) next to `${{ }}`.
const brokenWorkflow = [
  "on: push",
  "jobs:",
  "  build:",
  "    steps:",
  "      - run: echo ${{ github.sha }}",
  "       name: build",
  ""
].join("\n")

const chart = {
  "charts/exporter/Chart.yaml": "apiVersion: v2\nname: exporter\nversion: 1.0.0\n",
  "charts/exporter/values.yaml": "service:\n  port: 80\n  port: 81\n",
  "charts/exporter/templates/service.yaml": helmService,
  "charts/exporter/templates/tests/test-connection.yaml": helmService,
  "charts/exporter/crds/probe.yaml": "kind: CustomResourceDefinition\nkind: CustomResourceDefinition\n",
  "ops/templates/service.yaml": helmService,
  "salt/users.yml": jinjaUsers,
  ".github/workflows/ci.yml": brokenWorkflow
}

describe("YamlTemplates", () => {
  it("knows a Helm chart's templates by the Chart.yaml beside their templates/ folder", () => {
    const { root } = checkoutOf(chart)
    expect(isHelmTemplate(root, "charts/exporter/templates/service.yaml")).toBe(true)
    expect(isHelmTemplate(root, "charts/exporter/templates/tests/test-connection.yaml")).toBe(true)
    for (const path of ["charts/exporter/values.yaml", "charts/exporter/crds/probe.yaml", "ops/templates/service.yaml", "templates/a.yaml"]) {
      expect(isHelmTemplate(root, path), path).toBe(false)
    }
  })

  it("knows Go's and Jinja's markers at a syntax error's line or the one before, not GitHub Actions' ${{", () => {
    expect(atTemplateMarker(helmService, 5)).toBe(true)
    expect(atTemplateMarker(jinjaUsers, 1)).toBe(true)
    expect(atTemplateMarker("a: {# note #}\n", 1)).toBe(true)
    expect(atTemplateMarker(brokenWorkflow, 6)).toBe(false)
    expect(atTemplateMarker(helmService, 3)).toBe(false)
  })

  it.effect("the real yamllint: a chart's templates are left out, a template elsewhere is unparsed, a workflow's error stays an issue", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf(chart)
      const tool = makeYamllintTool(yamllintDefinition)
      const { problems, result } = yield* Effect.flatten(tool.start(root, files, { rules: defaultRules, useConfigurationFile: false, configurationByDefault: false }))
      expect(problems).toEqual([])
      expect(result.lintedFiles).toBe(6)
      expect(result.issues.map((issue) => [issue.file, issue.line, issue.patternId])).toEqual([
        [".github/workflows/ci.yml", 6, "yamllint_syntax"],
        ["charts/exporter/crds/probe.yaml", 2, "yamllint_key-duplicates"],
        ["charts/exporter/values.yaml", 3, "yamllint_key-duplicates"]
      ])
      expect(result.unparsedFiles.map((file) => [file.file, file.line])).toEqual([["ops/templates/service.yaml", 5], ["salt/users.yml", 1]])
      expect(result.unparsedFiles[0]?.message).toContain("a template, not YAML")
    }))
})
