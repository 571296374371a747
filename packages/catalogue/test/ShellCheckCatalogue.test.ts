import { execFileSync, spawnSync } from "node:child_process"
import type { ToolDefinitions } from "@tidemark/core"
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import {
  optionalCheckCodes,
  shellCheckCategory,
  shellCheckOffByDefault,
  shellCheckRelease,
  toShellCheckPattern,
  toShellCheckTool
} from "../scripts/ShellCheckCatalogue.js"
import type { ShellCheckLevel } from "../scripts/ShellCheckChecks.js"
import { catalogue } from "../src/index.js"

/**
 * The ShellCheck tool against ShellCheck itself: the installed `shellcheck` (Debian's, the release
 * the patterns were read from; `scripts/test-tools.sh` installs it) reports only codes the
 * catalogue has, at the level its pattern was read with.
 */

const shellCheck = (): ToolDefinitions.ToolDefinition => {
  const found = catalogue.find((tool) => tool.name === "ShellCheck")
  if (found === undefined) throw new Error("ShellCheck missing from the catalogue")
  return found
}
const patterns = shellCheck().patterns
const codeOf = (id: string): string => id.slice("ShellCheck_SC".length)
const byCode = new Map(patterns.map((p) => [codeOf(p.definition.id), p]))
const levels: ReadonlyArray<ShellCheckLevel> = ["error", "warning", "info", "style"]
const levelsOf = (tags: ReadonlyArray<string> | undefined): ReadonlyArray<ShellCheckLevel> => levels.filter((level) => tags?.includes(level))

const Comments = Schema.parseJson(Schema.Struct({
  comments: Schema.Array(Schema.Struct({ code: Schema.Int, level: Schema.Literal(...levels), line: Schema.Int }))
}))

/** What the installed ShellCheck reports on a script, with its options. */
const report = (script: string, options: ReadonlyArray<string> = []) => {
  const run = spawnSync("shellcheck", ["--norc", "--format=json1", ...options, "-"], { input: script, encoding: "utf8" })
  return Schema.decodeUnknownSync(Comments)(run.stdout).comments
}

/** A script that trips default checks of each kind: quoting, an unused variable, `[[ ]]` in sh, a useless cat, `ls | grep`. */
const script = [
  "#!/bin/sh",
  "unused=1",
  "echo $1",
  "if [[ -n \"$2\" ]]; then cat \"$2\" | grep x; fi",
  "ls | grep y",
  ""
].join("\n")

describe("the ShellCheck tool", () => {
  it("is the original service's server-side Shell tool, on by default, at Debian's ShellCheck", () => {
    const { patterns: _patterns, ...head } = shellCheck()
    expect(head).toEqual({
      uuid: "233f8aac-4fb6-4193-8a17-e64515bea152",
      name: "ShellCheck",
      version: shellCheckRelease,
      patternPrefix: "ShellCheck_",
      family: "shellcheck",
      isClientSide: false,
      languages: ["Shell"],
      enabledByDefault: true,
      configurationFiles: [".shellcheckrc"],
      readableConfigurationFiles: [".shellcheckrc"]
    })
    expect(execFileSync("shellcheck", ["--version"], { encoding: "utf8" })).toContain(`version: ${shellCheckRelease}`)
  })

  it("names each pattern ShellCheck_SC<code>, once, in code order, with ShellCheck's message and its wiki page", () => {
    const ids = patterns.map((p) => p.definition.id)
    expect(ids.every((id) => /^ShellCheck_SC[123]\d{3}$/.test(id))).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort()).toEqual(ids)
    expect(byCode.get("2086")?.definition).toMatchObject({
      title: "Double quote to prevent globbing and word splitting.",
      explanation: "See https://www.shellcheck.net/wiki/SC2086",
      languages: ["Shell"]
    })
  })

  it("is what the generator makes of each check: the data round-trips through toShellCheckPattern", () => {
    for (const pattern of patterns) {
      const check = { code: codeOf(pattern.definition.id), levels: levelsOf(pattern.definition.tags), message: pattern.definition.title }
      const made = Schema.decodeUnknownSync(Schema.Struct({ enabled: Schema.Boolean, category: Schema.String, severityLevel: Schema.String }))(
        toShellCheckPattern(check).definition
      )
      expect([pattern.definition.id, made.enabled, made.category, made.severityLevel]).toEqual([
        pattern.definition.id,
        pattern.definition.enabled,
        pattern.definition.category,
        pattern.definition.severityLevel
      ])
    }
  })
})

/** Examples of what a listed example does not show: set -e disabled in a command substitution. */
const moreExamples: Readonly<Record<string, ReadonlyArray<string>>> = {
  "check-set-e-suppressed": ['set -e; f() { false; }; x=$(f); echo "$x"']
}

describe("ShellCheck's patterns against ShellCheck itself", () => {
  it("cover every code the installed ShellCheck reports, at the level the pattern was read with", () => {
    const comments = [...report(script), ...report(script, ["--enable=all"]), ...report("#!/bin/bash\nfor f in $(ls); do echo \"$f\"; done\n")]
    expect(comments.length).toBeGreaterThan(5)
    for (const comment of comments) {
      const pattern = byCode.get(String(comment.code))
      expect(pattern, `SC${comment.code}`).toBeDefined()
      expect(levelsOf(pattern?.definition.tags), `SC${comment.code}`).toContain(comment.level)
    }
  })

  it("list the optional checks ShellCheck lists, each adding the codes of its row", () => {
    const listed = execFileSync("shellcheck", ["--list-optional"], { encoding: "utf8" })
    const entries = Array.from(listed.matchAll(/^name:\s+(\S+)\n(?:.*\n)*?example:\s+(.*)$/gm), (m) => ({ name: m[1] ?? "", example: m[2] ?? "" }))
    expect(entries.map((e) => e.name).sort()).toEqual(Object.keys(optionalCheckCodes).sort())
    for (const { example, name } of entries) {
      const added = [example, ...(moreExamples[name] ?? [])].flatMap((text) => {
        const without = new Set(report(`${text}\n`, ["--shell=bash"]).map((c) => String(c.code)))
        return report(`${text}\n`, ["--shell=bash", `--enable=${name}`]).map((c) => String(c.code)).filter((code) => !without.has(code))
      })
      // check-unassigned-uppercase widens SC2154, a default check: it adds no code of its own.
      const own = [...new Set(added)].filter((code) => !(byCode.get(code)?.recommended ?? false)).sort()
      expect(own, name).toEqual([...(optionalCheckCodes[name] ?? [])].sort())
    }
  })
})

describe("recommended ShellCheck patterns", () => {
  it("are ShellCheck's default set: every check but the optional ones; enabled, but for those off by default here", () => {
    const optional = new Set(Object.values(optionalCheckCodes).flat())
    for (const [code, pattern] of byCode) {
      expect(pattern.recommended, code).toBe(!optional.has(code))
      expect(pattern.definition.enabled, code).toBe(!optional.has(code) && !shellCheckOffByDefault.has(code))
    }
    expect([...shellCheckOffByDefault].every((code) => byCode.has(code))).toBe(true)
  })

  it("include what a default ShellCheck reports", () => {
    for (const comment of report(script)) expect(byCode.get(String(comment.code))?.recommended, `SC${comment.code}`).toBe(true)
  })
})

describe("ShellCheck categories and severities", () => {
  it("follow the code's range and level, and the tables", () => {
    expect(shellCheckCategory("1009", "error")).toBe("ErrorProne")
    expect(shellCheckCategory("1090", "warning")).toBe("ErrorProne")
    expect(shellCheckCategory("1091", "info")).toBe("CodeStyle")
    expect(shellCheckCategory("3010", "warning")).toBe("Compatibility")
    expect(shellCheckCategory("2086", "info")).toBe("BestPractice")
    expect(shellCheckCategory("2250", "style")).toBe("CodeStyle")
    expect(shellCheckCategory("2154", "warning")).toBe("ErrorProne")
    expect(shellCheckCategory("2034", "warning")).toBe("UnusedCode")
    expect(shellCheckCategory("2002", "style")).toBe("Performance")
    expect(shellCheckCategory("2091", "warning")).toBe("Security")
    expect(byCode.get("2156")?.definition.subCategory).toBe("CommandInjection")
  })

  it("are the most severe level a check is emitted at, style and info both Info", () => {
    expect(byCode.get("2045")?.definition.severityLevel).toBe("Error")
    expect(byCode.get("2034")?.definition.severityLevel).toBe("Warning")
    expect(byCode.get("2086")?.definition.severityLevel).toBe("Info")
    expect(byCode.get("2250")?.definition.severityLevel).toBe("Info")
  })

  it("refuse a source whose optional checks are not the table's", () => {
    const checks = [...byCode.keys()].map((code) => ({ code, levels: ["warning" as const], message: "m" }))
    expect(() => toShellCheckTool(checks, [...Object.keys(optionalCheckCodes), "new-optional-check"])).toThrow()
    expect(toShellCheckTool(checks, Object.keys(optionalCheckCodes)).patterns).toHaveLength(checks.length)
  })
})
