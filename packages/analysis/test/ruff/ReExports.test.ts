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
    expect(withoutReExports(issues, files, "Ruff_").map((issue) => [issue.file, issue.line, issue.patternId])).toEqual([
      // Nothing imports urlsplit or os from compat: truly unused.
      ["src/requests/compat.py", 4, "Ruff_F401"],
      ["src/requests/compat.py", 6, "Ruff_F401"],
      ["tools/other.py", 1, "Ruff_F401"],
      ["src/requests/compat.py", 9, "Ruff_E711"]
    ])
  })

  it("follows an import's alias to the name other modules import, and a file that says its unused imports are meant", () => {
    const tree = [
      file("tests/compat.py", "try:\n    import StringIO\nexcept ImportError:\n    import io as StringIO\nimport os\n"),
      file("tests/test_utils.py", "from .compat import StringIO\n"),
      file("src/compat.py", "# pyright: reportUnusedImport=false\nfrom collections import OrderedDict\n"),
      file("src/other.py", "from collections import OrderedDict\n")
    ]
    const issues = [
      f401("tests/compat.py", 4, "io"),
      f401("tests/compat.py", 5, "os"),
      f401("src/compat.py", 2, "collections.OrderedDict"),
      f401("src/other.py", 1, "collections.OrderedDict")
    ]
    expect(withoutReExports(issues, tree, "Ruff_").map((issue) => [issue.file, issue.line])).toEqual([
      ["tests/compat.py", 5],
      ["src/other.py", 1]
    ])
  })

  it("leaves out a module's self-assignment of a builtin, which makes it the module's attribute, and keeps any other", () => {
    const selfAssignment = (path: string, line: number, name: string) =>
      new Issue({ patternId: "Ruff_PLW0127", file: path, line, message: `Self-assignment of variable \`${name}\``, severity: "Warning" })
    const tree = [file("compat.py", "str = str\nbytes = bytes  # re-exported\ndef f(x):\n    x = x\n    str = str\nlimit = 1\nlimit = limit\n")]
    const issues = [
      selfAssignment("compat.py", 1, "str"),
      selfAssignment("compat.py", 2, "bytes"),
      selfAssignment("compat.py", 4, "x"),
      selfAssignment("compat.py", 5, "str"),
      selfAssignment("compat.py", 7, "limit")
    ]
    expect(withoutReExports(issues, tree, "Ruff_").map((issue) => issue.line)).toEqual([4, 5, 7])
  })
})
