import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import type { EnabledRule } from "../../src/EnabledRule.js"
import { LintCache } from "../../src/LintCache.js"
import * as MemoryAnalysisCache from "../../src/MemoryAnalysisCache.js"
import { makeShellCheckTool } from "../../src/shellcheck/ShellCheckTool.js"
import type { SourceFile } from "../../src/SourceTree.js"
import { checkoutOf, quoting, shellCheckDefinition, shellCheckRule, syntaxError, unused } from "./ShellCheckFixture.js"

const tool = makeShellCheckTool(shellCheckDefinition)

/** The catalogue's enabled severities for the codes the tests meet (error, warning, info, style → Error, Warning, Info, Info). */
const rules = [
  shellCheckRule("SC2086", "Info"),
  shellCheckRule("SC2034", "Warning"),
  shellCheckRule("SC1046", "Error"),
  shellCheckRule("SC1073", "Error"),
  shellCheckRule("SC1047", "Error"),
  shellCheckRule("SC1072", "Error"),
  shellCheckRule("SC2154", "Warning")
]

const run = (root: string, files: ReadonlyArray<SourceFile>, enabled: ReadonlyArray<EnabledRule>, configuration: { readonly use?: boolean; readonly byDefault?: boolean } = {}) =>
  Effect.flatten(tool.start(root, files, { rules: enabled, useConfigurationFile: configuration.use ?? false, configurationByDefault: configuration.byDefault ?? false }))

const issuesOf = (result: { readonly issues: ReadonlyArray<{ readonly file: string; readonly line: number; readonly patternId: string; readonly severity: string }> }) =>
  result.issues.map((issue) => [issue.file, issue.line, issue.patternId, issue.severity])

describe("makeShellCheckTool", () => {
  it("takes shell scripts by extension and by #! line, reads Bourne Shell, and takes the prefix off", () => {
    expect(tool.languages).toEqual(["Bourne Shell"])
    expect(tool.takes({ path: "deploy.sh", content: "" })).toBe(true)
    expect(tool.takes({ path: "bin/release", content: "#!/usr/bin/env bash\n" })).toBe(true)
    expect(tool.takes({ path: "bin/tool", content: "#!/usr/bin/env python3\n" })).toBe(false)
    expect(tool.ruleIdOf("ShellCheck_SC2086")).toBe("SC2086")
    expect(tool.configurationOf([{ path: ".shellcheckrc", content: "" }, { path: "a.sh", content: "" }])).toEqual({ file: ".shellcheckrc", readable: true })
    expect(tool.configurationOf([{ path: "tools/.shellcheckrc", content: "" }])).toBeUndefined()
  })

  it.effect("leaves SC2034 out of a script that hands its variables to a system file it sources (an rc.d script's rc.subr), with the defaults only", () =>
    Effect.gen(function*() {
      // puma's docs/jungle/rc.d/puma: rc.subr's run_rc_command reads name, rcvar and start_cmd.
      const rcd = "#!/bin/sh\n\n. /etc/rc.subr\n\nname=\"puma\"\nrcvar=puma_enable\nstart_cmd=\"puma_start\"\n\nputs() { echo $1; }\n\nload_rc_config $name\nrun_rc_command \"$1\"\n"
      const plain = "#!/bin/sh\n\nleft=1\necho done\n"
      const { files, root } = checkoutOf({ "rc.d/puma": rcd, "bin/plain": plain })
      const { result } = yield* run(root, files, rules)
      expect(issuesOf(result)).toEqual([
        ["bin/plain", 3, "ShellCheck_SC2034", "Warning"],
        ["rc.d/puma", 9, "ShellCheck_SC2086", "Info"]
      ])
      // A repository's own .shellcheckrc decides: ShellCheck's own report (SC1091: it could not follow rc.subr).
      const configured = checkoutOf({ "rc.d/puma": rcd, ".shellcheckrc": "disable=SC2086\n" })
      const own = yield* run(configured.root, configured.files, rules, { use: true })
      expect(issuesOf(own.result).map(([file, line, pattern]) => [file, line, pattern])).toEqual([
        ["rc.d/puma", 3, "ShellCheck_SC1091"],
        ["rc.d/puma", 6, "ShellCheck_SC2034"],
        ["rc.d/puma", 7, "ShellCheck_SC2034"]
      ])
    }))

  it.effect("reports a known issue of each default family with its pattern, line, message and severity", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf({
        "scripts/deploy.sh": `#!/bin/sh\n${unused}${quoting}`,
        "bin/release": `#!/bin/bash\n${syntaxError}`,
        "bin/tool": "#!/usr/bin/env python3\nprint(1)\n",
        "notes.txt": "echo $1\n"
      })
      const { problems, result } = yield* run(root, files, rules)
      expect(problems).toEqual([])
      expect(result.lintedFiles).toBe(2)
      expect(result.issues.map((i) => [i.file, i.line, i.patternId, i.severity, i.message])).toEqual([
        ["bin/release", 2, "ShellCheck_SC1046", "Error", "Couldn't find 'fi' for this 'if'."],
        ["bin/release", 2, "ShellCheck_SC1073", "Error", "Couldn't parse this if expression. Fix to allow more checks."],
        ["bin/release", 4, "ShellCheck_SC1047", "Error", "Expected 'fi' matching previously mentioned 'if'."],
        ["bin/release", 4, "ShellCheck_SC1072", "Error", "Expected 'fi'. Fix any mentioned problems and try again."],
        ["scripts/deploy.sh", 2, "ShellCheck_SC2034", "Warning", "unused appears unused. Verify use (or export if used externally)."],
        ["scripts/deploy.sh", 3, "ShellCheck_SC2086", "Info", "Double quote to prevent globbing and word splitting."]
      ])
      expect(result.failedFiles).toEqual([])
      expect(result.configurationFile).toBeUndefined()
    }))

  it.effect("reports only the enabled patterns, and honours the script's own directives", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf({
        "a.sh": `#!/bin/sh\n${unused}${quoting}`,
        "b.sh": `#!/bin/sh\n# shellcheck disable=SC2086\n${quoting}`
      })
      const { result } = yield* run(root, files, [shellCheckRule("SC2086", "Info")])
      expect(issuesOf(result)).toEqual([["a.sh", 3, "ShellCheck_SC2086", "Info"]])
      const none = yield* run(root, files, [])
      expect(none.result.issues).toEqual([])
      expect(none.result.lintedFiles).toBe(2)
    }))

  it.effect("runs an optional check when its pattern is enabled", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf({ "a.sh": "#!/bin/sh\nx=1\necho \"$x\"\n" })
      const { result } = yield* run(root, files, [shellCheckRule("SC2250", "Info")])
      expect(issuesOf(result)).toEqual([["a.sh", 3, "ShellCheck_SC2250", "Info"]])
    }))

  it.effect("follows a .shellcheckrc the repository never chose against, read as data, and says so", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf({
        ".shellcheckrc": "disable=SC2086\nenable=require-variable-braces\nexternal-sources=true\n",
        "a.sh": `#!/bin/sh\n${unused}used=$(date)\necho $used\n`
      })
      const followed = yield* run(root, files, rules, { byDefault: true })
      // Every code ShellCheck reports counts (its level the severity), less what the rc disables; the optional check it enables runs.
      expect(issuesOf(followed.result)).toEqual([
        ["a.sh", 2, "ShellCheck_SC2034", "Warning"],
        ["a.sh", 4, "ShellCheck_SC2250", "Info"]
      ])
      expect(followed.result.configurationFile).toBe(".shellcheckrc")
      expect(followed.problems.map((p) => [p.code, p.file])).toEqual([["unsupported_configuration", ".shellcheckrc"]])
      expect(followed.problems[0]?.message).toContain("external-sources=true is not followed")
      // The repository chose the patterns: its rc is left alone.
      const chosen = yield* run(root, files, rules)
      expect(issuesOf(chosen.result)).toEqual([["a.sh", 2, "ShellCheck_SC2034", "Warning"], ["a.sh", 4, "ShellCheck_SC2086", "Info"]])
      expect(chosen.result.configurationFile).toBeUndefined()
    }))

  it.effect("says when the repository asks for its .shellcheckrc and has none, and applies the patterns", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf({ "a.sh": `#!/bin/sh\n${quoting}` })
      const { problems, result } = yield* run(root, files, rules, { use: true })
      expect(problems.map((p) => p.code)).toEqual(["configuration_not_found"])
      expect(issuesOf(result)).toEqual([["a.sh", 2, "ShellCheck_SC2086", "Info"]])
    }))

  it.effect("follows a script's source of another script of the checkout, and of nothing outside it", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf({
        "lib.sh": "#!/bin/sh\nexport greeting=hello\n",
        "main.sh": "#!/bin/sh\n. ./lib.sh\n. /etc/os-release\necho \"$greeting $NAME $missing\"\n"
      })
      const { result } = yield* run(root, files, [...rules, shellCheckRule("SC1091", "Info")])
      // greeting comes from lib.sh; /etc/os-release is not read (SC1091), so missing and NAME stay unknown.
      expect(result.issues.map((i) => [i.file, i.line, i.patternId, i.message])).toEqual([
        ["main.sh", 3, "ShellCheck_SC1091", "Not following: /etc/os-release was not specified as input (see shellcheck -x)."],
        ["main.sh", 4, "ShellCheck_SC2154", "missing is referenced but not assigned."]
      ])
    }))

  it.effect("lints a file once through the per-file cache, and again when it or a script it may source changes", () =>
    Effect.gen(function*() {
      const cache = yield* MemoryAnalysisCache.makeLint
      const checkout = checkoutOf({ "a.sh": `#!/bin/sh\n${quoting}`, "b.sh": "#!/bin/sh\n. ./lib.sh\necho \"$x\"\n", "lib.sh": "#!/bin/sh\nexport x=1\n" })
      const lint = (files: ReadonlyArray<SourceFile>) => run(checkout.root, files, rules).pipe(Effect.provideService(LintCache, cache))
      const first = yield* lint(checkout.files)
      expect(issuesOf(first.result)).toEqual([["a.sh", 2, "ShellCheck_SC2086", "Info"]])
      // On disk the file changes, in the tree read it does not: the cached messages answer.
      writeFileSync(join(checkout.root, "a.sh"), "#!/bin/sh\necho \"$1\"\n")
      const cached = yield* lint(checkout.files)
      expect(issuesOf(cached.result)).toEqual(issuesOf(first.result))
      // Read again, it is linted again.
      const changed = checkout.files.map((f) => (f.path === "a.sh" ? { ...f, content: "#!/bin/sh\necho \"$1\"\n" } : f))
      expect(issuesOf((yield* lint(changed)).result)).toEqual([])
      // The sourced script changes: the one that sources it is linted again with it.
      writeFileSync(join(checkout.root, "lib.sh"), "#!/bin/sh\nexport y=1\n")
      const sourcedChanged = changed.map((f) => (f.path === "lib.sh" ? { ...f, content: "#!/bin/sh\nexport y=1\n" } : f))
      expect(issuesOf((yield* lint(sourcedChanged)).result)).toEqual([["b.sh", 3, "ShellCheck_SC2154", "Warning"]])
    }))

  it.effect("is not installed where ShellCheck is not on the search path: it says how to install it, and never runs clean", () =>
    Effect.gen(function*() {
      const absent = makeShellCheckTool(shellCheckDefinition, { searchPath: "/nonexistent" })
      const availability = yield* absent.availability ?? Effect.die("no availability")
      expect(availability).toEqual({
        _tag: "NotInstalled",
        reason: "shellcheck is not on the search path",
        install: "install shellcheck (apt-get install shellcheck; scripts/install-analysers.sh installs every analyser)"
      })
      const { files, root } = checkoutOf({ "a.sh": `#!/bin/sh\n${quoting}` })
      const failed = yield* Effect.flip(Effect.flatten(absent.start(root, files, { rules, useConfigurationFile: false, configurationByDefault: false })))
      expect(failed).toMatchObject({ _tag: "ToolFailed", tool: "ShellCheck" })
      expect(failed.reason).toContain("install shellcheck")
      expect(yield* tool.availability ?? Effect.die("no availability")).toEqual({ _tag: "Installed", version: expect.stringMatching(/^\d+\.\d+/) })
    }))
})
