import { NodeContext } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { harnessGlobals } from "../src/HarnessGlobals.js"
import { lintTree, readSourceTree } from "../src/index.js"
import type { SourceFile } from "../src/SourceTree.js"
import { treeOf } from "./TreeFixture.js"

const file = (path: string, content: string): SourceFile => ({ path, content }) as SourceFile

const noUndef = { patternId: "ESLint9_no-undef", ruleId: "no-undef", severity: "Error" as const, parameters: [] }

// As axios's Karma helpers set up its specs.
const helpers = "import _axios from '../../index.js';\n\nwindow.axios = _axios;\nwindow.getAjaxRequest = (function () {\n  return () => 1\n})();\n"

describe("harnessGlobals", () => {
  it("takes the names test files assign to the global object at the start of a line", () => {
    const globals = harnessGlobals([
      file("test/specs/__helpers.js", helpers),
      file("test/setup.js", "global.expect = require('chai').expect\nglobalThis.sinon = require('sinon')\nself.worker = 1\n"),
      // Inside a test body, a comparison, and outside the tests: not the harness.
      file("test/a.spec.js", "it('x', () => {\n  window.inside = 1\n})\nif (window.compared == 2) {}\n"),
      file("src/app.js", "window.app = {}\n")
    ])
    expect(Object.keys(globals).sort()).toEqual(["axios", "expect", "getAjaxRequest", "sinon", "worker"])
  })

  it.scoped("gives them to test files, whose no-undef then reports only names nothing defines", () =>
    Effect.gen(function*() {
      const root = yield* treeOf({
        "test/specs/__helpers.js": helpers,
        "test/specs/api.spec.js": "axios.get('/foo')\ngetAjaxRequest()\nmissing()\n",
        "src/client.js": "axios.get('/foo')\n"
      })
      const sources = yield* readSourceTree(root)
      const result = yield* lintTree(root, sources, { rules: [noUndef], useConfigurationFile: false })
      expect(result.issues.map((issue) => [issue.file, issue.line])).toEqual([
        ["src/client.js", 1],
        ["test/specs/api.spec.js", 3]
      ])
    }).pipe(Effect.provide(NodeContext.layer)))
})
