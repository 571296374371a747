import { it } from "@effect/vitest"
import { catalogue } from "@tidemark/catalogue"
import { Effect } from "effect"
import { execFileSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect } from "vitest"
import { EmbeddedLayer, summarise } from "../src/EmbeddedLibrary.js"

const repository = () => {
  const dir = mkdtempSync(join(tmpdir(), "tidemark-example-"))
  const git = (...args: Array<string>) =>
    execFileSync("git", ["-c", "user.name=Ada", "-c", "user.email=ada@example.com", ...args], { cwd: dir })
  git("init", "-q", "-b", "trunk")
  writeFileSync(join(dir, "index.js"), "export const x = 1\n")
  writeFileSync(join(dir, "util.ts"), "export const y: number = 2\n")
  git("add", ".")
  git("commit", "-q", "-m", "initial")
  return dir
}

it.effect("embeds the core with in-memory storage and the git reader", () =>
  Effect.gen(function*() {
    const summary = yield* summarise(repository())
    expect(summary.defaultBranch).toBe("trunk")
    expect([...summary.languages].sort()).toEqual(["JavaScript", "TypeScript"])
    // Ruff is on by default only for Python, Stylelint for CSS, SCSS and Less, Spectral for JSON and YAML, ShellCheck for Shell, Cppcheck for C and C++, RuboCop for Ruby,
    // Staticcheck and govet for Go, yamllint for YAML, Checkstyle for Java, PHP_CodeSniffer for PHP: this repository uses none;
    // PyLint is off by default.
    expect(summary.tools).toEqual([
      "ESLint9: enabled",
      "ESLint: disabled",
      "Ruff: disabled",
      "markdownlint: disabled",
      "Stylelint: disabled",
      "Spectral: disabled",
      "ShellCheck: disabled",
      "Cppcheck: disabled",
      "RuboCop: disabled",
      "Staticcheck: disabled",
      "govet: disabled",
      "yamllint: disabled",
      "Checkstyle: disabled",
      "PyLint: disabled",
      "PHP_CodeSniffer: disabled"
    ])
    // With nothing configured, exactly the catalogue's recommended patterns are on.
    const eslint9 = catalogue.find((t) => t.name === "ESLint9")
    const recommendedSecurity = (eslint9?.patterns ?? [])
      .filter((p) => p.recommended && p.definition.category === "Security")
      .map((p) => p.definition.id)
    expect(summary.enabledSecurityPatterns).toEqual(recommendedSecurity)
    expect(summary.enabledSecurityPatterns).not.toContain("ESLint9_no-eval")
  }).pipe(Effect.provide(EmbeddedLayer)))
