import { describe, expect, it } from "@effect/vitest"
import { Issue } from "../../src/LintResult.js"
import { withoutReExports } from "../../src/ruff/ReExports.js"
import type { SourceFile } from "../../src/SourceTree.js"

const file = (path: string, content: string): SourceFile => ({ path, content }) as SourceFile

const f401 = (path: string, line: number, name: string) =>
  new Issue({ patternId: "Ruff_F401", file: path, line, message: `\`${name}\` imported but unused`, severity: "Warning" })

// As requests' compat module and its users.
const files = [
  file("src/requests/compat.py", "from json import JSONDecodeError\nfrom urllib.parse import (\n    quote,\n    urlsplit,\n)\nimport os\n"),
  file("src/requests/utils.py", "from .compat import (\n    quote,\n    urlparse as parse,\n)\n"),
  file("src/requests/models.py", "from requests.compat import JSONDecodeError as CompatJSONDecodeError\n"),
  file("src/requests/__init__.py", "from .__version__ import __title__\n"),
  file("tools/other.py", "import os\n")
]

describe("withoutReExports", () => {
  it("leaves out the F401s of names other modules import from this one, and of a package's __init__", () => {
    const issues = [
      f401("src/requests/compat.py", 1, "json.JSONDecodeError"),
      f401("src/requests/compat.py", 3, "urllib.parse.quote"),
      f401("src/requests/compat.py", 4, "urllib.parse.urlsplit"),
      f401("src/requests/compat.py", 6, "os"),
      f401("src/requests/__init__.py", 1, ".__version__.__title__"),
      f401("tools/other.py", 1, "os"),
      new Issue({ patternId: "Ruff_E711", file: "src/requests/compat.py", line: 9, message: "Comparison to `None`", severity: "Warning" })
    ]
    expect(withoutReExports(issues, files, "Ruff_F401").map((issue) => [issue.file, issue.line, issue.patternId])).toEqual([
      // Nothing imports urlsplit or os from compat: truly unused.
      ["src/requests/compat.py", 4, "Ruff_F401"],
      ["src/requests/compat.py", 6, "Ruff_F401"],
      ["tools/other.py", 1, "Ruff_F401"],
      ["src/requests/compat.py", 9, "Ruff_E711"]
    ])
  })
})
