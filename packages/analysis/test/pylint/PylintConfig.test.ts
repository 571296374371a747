import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { configurationFileOf, rcfileText, readConfiguration, readIni } from "../../src/pylint/PylintConfig.js"

describe("the repository's Pylint configuration, read as data", () => {
  it("reads INI as Python's configparser does: sections, both separators, comments, indented continuation lines", () => {
    const sections = readIni(["# a comment", "[MAIN]", "jobs = 4", "; another", "[MESSAGES CONTROL]", "disable=", "    C0114,", "  too-many-locals", "max-line-length: 120", ""].join("\n"))
    expect([...sections.keys()]).toEqual(["MAIN", "MESSAGES CONTROL"])
    expect(sections.get("MESSAGES CONTROL")).toEqual(new Map([["disable", "C0114,\ntoo-many-locals"], ["max-line-length", "120"]]))
  })

  it("takes the first file Pylint would read, its options flattened, without what would run the repository's code", () => {
    const read = readConfiguration([
      { path: "setup.cfg", content: "[pylint.messages_control]\ndisable = C0103\n" },
      { path: "pyproject.toml", content: "[tool.black]\nline-length = 100\n" },
      { path: ".pylintrc", content: "[MAIN]\ninit-hook='import sys'\nload-plugins=linter_plugin\njobs=0\nfail-on=\n[FORMAT]\nmax-line-length=100\n[MESSAGES CONTROL]\ndisable=\n  fixme,\n  R0801\n" }
    ])
    expect(read).toEqual(Either.right({
      file: ".pylintrc",
      // The dependencies' messages off too: Tidemark never installs them (the repository's CI does).
      options: new Map([["max-line-length", "100"], ["disable", "fixme,R0801,E0401,E0611"]]),
      problems: [".pylintrc: not followed (they would run the repository's code or change Tidemark's run): init-hook, load-plugins, jobs"]
    }))
  })

  it("reads [tool.pylint.*] of pyproject.toml and [pylint.*] of setup.cfg; a file without a Pylint section is not Pylint's", () => {
    const toml = readConfiguration([{ path: "pyproject.toml", content: "[tool.pylint.main]\nignore = ['vendor']\n[tool.pylint.'messages control']\ndisable = ['C0114', 'W0511']\nmax-args = 8\n" }])
    expect(Either.map(toml ?? Either.left(""), (c) => [c.file, [...c.options]])).toEqual(
      Either.right(["pyproject.toml", [["ignore", "vendor"], ["disable", "C0114,W0511,E0401,E0611"], ["max-args", "8"]]])
    )
    const cfg = readConfiguration([{ path: "setup.cfg", content: "[metadata]\nname = x\n[pylint.FORMAT]\nmax-line-length = 99\n" }])
    expect(Either.map(cfg ?? Either.left(""), (c) => [...c.options])).toEqual(Either.right([["max-line-length", "99"], ["disable", "E0401,E0611"]]))
    expect(readConfiguration([{ path: "setup.cfg", content: "[flake8]\nmax-line-length = 99\n" }])).toBeUndefined()
    expect(configurationFileOf([{ path: "pyproject.toml", content: "[tool.ruff]\n" }])).toBeUndefined()
    expect(readConfiguration([{ path: "pyproject.toml", content: "[tool.pylint\n" }])).toEqual(Either.left(expect.stringMatching(/^pyproject\.toml: /)))
  })

  it("writes the options under [MAIN], in name order, one line each", () => {
    expect(rcfileText(new Map([["enable", "W0102,E0602"], ["disable", "all"]]))).toBe("[MAIN]\ndisable=all\nenable=W0102,E0602\n")
  })
})
