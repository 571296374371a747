import { describe, expect, it } from "vitest"
import { isDisabled, rcFor, readShellCheckRc, type ShellCheckRc } from "../../src/shellcheck/ShellCheckRc.js"

const optional = new Set(["require-variable-braces", "add-default-case"])
const read = (content: string, path = ".shellcheckrc") => readShellCheckRc({ path, content }, optional)

describe("readShellCheckRc", () => {
  it("reads disable, enable and shell, comments and quotes as ShellCheck's rc parser does", () => {
    const rc = read([
      "# the team's choices",
      "disable=SC2086,SC1000-SC1999 # quoting is ours",
      "enable=require-variable-braces",
      "shell='bash'",
      "",
      "disable=2034 enable=add-default-case"
    ].join("\n"))
    expect(rc.problems).toEqual([])
    expect(rc.shell).toBe("bash")
    expect(rc.enabled).toEqual(["require-variable-braces", "add-default-case"])
    expect([2086, 1000, 1998, 2034].every((code) => isDisabled(rc.disabled, code))).toBe(true)
    // ShellCheck's range leaves its last code on, as ShellCheck itself reads it.
    expect([1999, 2085, 2087, 2154].some((code) => isDisabled(rc.disabled, code))).toBe(false)
    expect(isDisabled(read("disable=all").disabled, 3043)).toBe(true)
  })

  it("keeps source paths inside the checkout and refuses what would read outside it, naming each", () => {
    const rc = read([
      "source-path=SCRIPTDIR",
      "source-path=SCRIPTDIR/lib",
      "source-path=scripts/common",
      "source-path=/etc",
      "source-path=../elsewhere",
      "external-sources=true",
      "external-sources=false",
      "source=/etc/profile"
    ].join("\n"))
    expect(rc.sourcePaths).toEqual(["SCRIPTDIR", "SCRIPTDIR/lib", "scripts/common"])
    expect(rc.problems).toEqual([
      "line 4: source-path=/etc is not followed: it reaches outside the checkout",
      "line 5: source-path=../elsewhere is not followed: it reaches outside the checkout",
      "line 6: external-sources=true is not followed: ShellCheck would read files outside the checkout (a sourced script of the checkout is followed all the same)",
      "line 8: source=/etc/profile is not followed: it names one file for every script"
    ])
  })

  it("names what it cannot follow: an unknown key, code, optional check or shell, and a line it cannot read", () => {
    const rc = read("colour=always\ndisable=SCfoo\nenable=no-such-check\nshell=zsh\njust words\n")
    expect(rc.problems).toEqual([
      "line 1: colour=always: ShellCheck has no such directive",
      "line 2: disable=SCfoo: \"SCfoo\" is not a code",
      "line 3: enable=no-such-check: this ShellCheck has no optional check \"no-such-check\"",
      "line 4: shell=zsh: ShellCheck checks sh, bash, dash and ksh only",
      "line 5: cannot read \"just words\""
    ])
    expect(rc.enabled).toEqual([])
    expect(rc.shell).toBeUndefined()
  })
})

describe("rcFor", () => {
  it("finds the closest .shellcheckrc at or above a file's folder, within the tree", () => {
    const rcs = new Map<string, ShellCheckRc>([
      [".shellcheckrc", read("", ".shellcheckrc")],
      ["tools/.shellcheckrc", read("", "tools/.shellcheckrc")]
    ])
    expect(rcFor(rcs, "run.sh")?.file).toBe(".shellcheckrc")
    expect(rcFor(rcs, "tools/deep/x.sh")?.file).toBe("tools/.shellcheckrc")
    expect(rcFor(rcs, "other/x.sh")?.file).toBe(".shellcheckrc")
    expect(rcFor(new Map([["tools/.shellcheckrc", read("", "tools/.shellcheckrc")]]), "other/x.sh")).toBeUndefined()
  })
})
