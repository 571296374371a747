import { describe, expect, it } from "vitest"
import { handsVariablesToSystem } from "../../src/shellcheck/SystemSourced.js"

describe("handsVariablesToSystem", () => {
  it("is a script that sources a file by its absolute path, outside the checkout", () => {
    for (const content of ["#!/bin/sh\n. /etc/rc.subr\n", "source /lib/lsb/init-functions\n", "  . \"/etc/init.d/functions\" # SysV\n", ". /etc/rc.subr; load_rc_config x\n"]) {
      expect(handsVariablesToSystem(content), content).toBe(true)
    }
  })

  it("is not a script that sources a file of the checkout, a variable's path, or /dev", () => {
    for (const content of [". ./lib/common.sh\n", "source \"$NVM_DIR/nvm.sh\"\n", ". /dev/stdin\n", "echo . /etc/rc.subr\n", "# . /etc/rc.subr\n"]) {
      expect(handsVariablesToSystem(content), content).toBe(false)
    }
  })
})
