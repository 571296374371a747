import { existsSync } from "node:fs"
import { join, posix } from "node:path"

/**
 * Files named `.yaml` that are templates of YAML, not YAML: yamllint's syntax error on them says
 * nothing about the YAML the template makes. A Helm chart's templates (any file under a `templates/`
 * folder whose parent folder holds a `Chart.yaml`) are Go templates Helm renders: they are left out
 * of yamllint (still measured as YAML by their lines). Elsewhere, a syntax error at a template's
 * marker (`{{`, `{%`, `{#` — Go's and Jinja's, not GitHub Actions' `${{`, on the error's line or the one before, where the
 * parser notices what the marker opened) makes the file unparsed, not an issue.
 */

/** Whether the file is a Helm chart's template: some `templates/` folder above it sits beside a `Chart.yaml`. */
export const isHelmTemplate = (root: string, path: string): boolean => {
  const folders = posix.dirname(path).split("/")
  return folders.some((folder, index) => folder === "templates" && existsSync(join(root, ...folders.slice(0, index), "Chart.yaml")))
}

// GitHub Actions' `${{ … }}` is an expression inside a YAML string, not a template's marker.
const marker = /(?<!\$)\{\{|\{%|\{#/

/** Whether a syntax error at this line (1-based) is at a Go or Jinja template's marker. */
export const atTemplateMarker = (content: string, line: number): boolean => {
  const lines = content.split("\n", line)
  return [lines[line - 1], lines[line - 2]].some((text) => text !== undefined && marker.test(text))
}
