import { execFileSync } from "node:child_process"
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { describe, expect, it } from "vitest"
import { installedRuffRules, RuffSnapshotGap } from "../scripts/RuffRuleSet.js"

/** A git repository laid out as astral-sh/ruff, documenting only the pyflakes rule F401. */
const snapshot = (): string => {
  const dir = mkdtempSync(join(tmpdir(), "tidemark-ruff-"))
  const files: Record<string, string> = {
    "crates/ruff_linter/src/registry.rs": 'pub enum Linter {\n    /// [Pyflakes](https://pypi.org/project/pyflakes/)\n    #[prefix = "F"]\n    Pyflakes,\n}\n',
    "crates/ruff_linter/src/codes.rs": '        (Pyflakes, "401") => rules::pyflakes::rules::UnusedImport,\n',
    "crates/ruff_linter/src/rule_redirects.rs": "HashMap::from_iter([\n])\n",
    "crates/ruff_linter/src/rules/pyflakes/rules/unused_import.rs": [
      "/// ## What it does",
      "/// Checks for unused imports.",
      "#[derive(ViolationMetadata)]",
      '#[violation_metadata(stable_since = "v0.0.18")]',
      "pub(crate) struct UnusedImport;",
      "",
      "impl Violation for UnusedImport {}",
      ""
    ].join("\n")
  }
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), contents)
  }
  const git = (...args: Array<string>) =>
    execFileSync("git", ["-c", "user.name=Ada", "-c", "user.email=ada@example.com", ...args], { cwd: dir })
  git("init", "-q")
  git("add", ".")
  git("commit", "-q", "-m", "snapshot")
  return join(dir, ".git")
}

describe("installedRuffRules", () => {
  it("refuses a snapshot that lacks stable rules the installed Ruff runs, naming them", () => {
    let thrown: unknown
    try {
      installedRuffRules(snapshot(), "HEAD")
    } catch (error) {
      thrown = error
    }
    if (!(thrown instanceof RuffSnapshotGap)) throw new Error(`expected a RuffSnapshotGap, got ${String(thrown)}`)
    const codes = thrown.codes
    // The other pyflakes rules, found by probing every F-code of F401's shape.
    expect(codes).toEqual(expect.arrayContaining(["F402", "F821", "F841"]))
    expect(codes).not.toContain("F401")
  })
})
