import { describe, expect, it } from "vitest"
import { dialectOfShebang, executableOfShebang, maySource, shellFlagOf, takesShell } from "../../src/shellcheck/ShellScripts.js"

const file = (path: string, content: string) => ({ path, content })

describe("takesShell", () => {
  it("takes sh, bash, ksh and dash scripts by extension, unless their #! names another interpreter", () => {
    expect(takesShell(file("a.sh", "echo hi\n"))).toBe(true)
    expect(takesShell(file("lib/b.bash", ""))).toBe(true)
    expect(takesShell(file("c.KSH", "#!/bin/ksh\n"))).toBe(true)
    expect(takesShell(file("d.dash", "#!/bin/dash\n"))).toBe(true)
    expect(takesShell(file("e.sh", "#!/usr/bin/env zsh\n"))).toBe(false)
    expect(takesShell(file("f.sh", "#!/usr/bin/env python3\n"))).toBe(false)
    expect(takesShell(file(".sh", "echo\n"))).toBe(false)
  })

  it("takes a script without extension by its #! line, as Language.ts tells Bourne Shell", () => {
    expect(takesShell(file("bin/run", "#!/bin/bash\nset -e\n"))).toBe(true)
    expect(takesShell(file("bin/tool", "#!/usr/bin/env sh\n"))).toBe(true)
    expect(takesShell(file("bin/py", "#!/usr/bin/env python\n"))).toBe(false)
    expect(takesShell(file("bin/zsh", "#!/bin/zsh\n"))).toBe(false)
    expect(takesShell(file("README", "no shebang\n"))).toBe(false)
    expect(takesShell(file("a.py", "#!/bin/sh\n"))).toBe(false)
  })
})

describe("executableOfShebang", () => {
  it("reads the executable as ShellCheck 0.9 does (its own examples)", () => {
    expect(executableOfShebang("#!/bin/sh")).toBe("sh")
    expect(executableOfShebang("#!/usr/bin/env ksh")).toBe("ksh")
    expect(executableOfShebang("#!/usr/bin/env -S foo=bar bash -x")).toBe("bash")
    expect(executableOfShebang("#!/usr/bin/env --split-string=bash -x")).toBe("bash")
    expect(executableOfShebang("#!/usr/bin/env foo=bar dash")).toBe("dash")
    expect(executableOfShebang("#!/bin/busybox sh")).toBe("ash")
    expect(executableOfShebang("#! /bin/bash -eu")).toBe("bash")
    expect(executableOfShebang("#!/usr/bin/with-contenv bash")).toBe("with-contenv")
  })

  it("tells the dialect a #! line names, the last shell word", () => {
    expect(dialectOfShebang("#!/usr/bin/with-contenv bash")).toBe("bash")
    expect(dialectOfShebang("#!/bin/sh")).toBe("sh")
    expect(dialectOfShebang("#!/usr/bin/env zsh")).toBeUndefined()
  })
})

describe("shellFlagOf", () => {
  it("names the shell only where ShellCheck would not find it, never over a directive", () => {
    expect(shellFlagOf(file("run", "#!/usr/bin/with-contenv bash\n"))).toBe("bash")
    expect(shellFlagOf(file("run", "#!/usr/bin/with-contenv bash\n# shellcheck shell=sh\n"))).toBeUndefined()
    expect(shellFlagOf(file("run", "#!/bin/bash\n"))).toBeUndefined()
    expect(shellFlagOf(file("a.bash", "echo\n"))).toBeUndefined()
    expect(shellFlagOf(file("a.sh", "echo\n"))).toBeUndefined()
  })
})

describe("maySource", () => {
  it("says yes to a script that sources another, by `source` or `.`", () => {
    expect(maySource(file("a.sh", ". ./lib.sh\n"))).toBe(true)
    expect(maySource(file("a.sh", "if true; then source \"$DIR/lib.sh\"; fi\n"))).toBe(true)
    expect(maySource(file("a.sh", "echo a.b\ncd .. && ls .\n"))).toBe(false)
  })
})
