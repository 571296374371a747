import { describe, expect, it } from "vitest"
import { isDeliberateAssignment } from "../../src/rubocop/DeliberateAssignment.js"
import { RubocopOffence } from "../../src/rubocop/RubocopOutput.js"

const useless = (name: string, line: number) =>
  new RubocopOffence({ cop: "Lint/UselessAssignment", severity: "warning", line, message: `Useless assignment to variable - \`${name}\`.` })

describe("isDeliberateAssignment", () => {
  it("is the offence on `name = name = value` only: not another name, a comparison, a single assignment or another cop", () => {
    const lines = [
      "    path = path = (req.script_name + req.path_info).squeeze(\"/\")",
      "    frames=frames=exception.backtrace.map { |line|",
      "    other = path = 1",
      "    same = same == 1",
      "    found = found =~ /x/",
      "    count = items.size"
    ]
    expect(lines.map((line, index) => isDeliberateAssignment(useless(line.trim().split(/[ =]/)[0] ?? "", index + 1), lines))).toEqual([true, true, false, false, false, false])
    expect(isDeliberateAssignment(new RubocopOffence({ cop: "Lint/Void", severity: "warning", line: 1, message: "`path`" }), lines)).toBe(false)
    expect(isDeliberateAssignment(useless("path", 99), lines)).toBe(false)
  })
})
