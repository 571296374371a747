import { NodeContext } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { analyzeTree, defaultTreeAnalysisSettings, isIgnoredByDefault, loadGrammars, MemoryAnalysisCache } from "../src/index.js"
import { priceCode as code, treeOf } from "./TreeFixture.js"

/** Each kind of entry of the list: paths it leaves out, and near misses it keeps. */
const kinds: ReadonlyArray<{ readonly kind: string; readonly ignored: ReadonlyArray<string>; readonly kept: ReadonlyArray<string> }> = [
  {
    kind: "minified files",
    ignored: ["app.min.js", "public/js/app-min.js", "css/site.min.css", "a/b/theme-min.css"],
    kept: ["src/minify.js", "src/min.js", "src/admin.js", "src/app.min.ts"]
  },
  {
    kind: "installed and copied-in dependencies",
    ignored: [
      "node_modules/left-pad/index.js",
      "web/bower_components/x/y.js",
      "vendor/a.go",
      "app/vendor/lib.js",
      "third_party/z.c",
      "src/thirdparty/x.js",
      "src/thirdParty/x.js",
      "third-party/x.js",
      "external/sqlite/sqlite3.c",
      "libs/mylib.js"
    ],
    // Only the P of third party may be a capital, as published.
    kept: ["src/vendors.js", "lib/index.js", "src/externals.ts", "src/library/x.js", "src/ThirdParty/x.js"]
  },
  {
    kind: "examples, releases and build output",
    ignored: ["samples/a.js", "sample/a.py", "release/x.js", "releases/v1/x.js", "build/out.js", "builds/x.js", "dist/index.js"],
    kept: ["examples/a.js", "src/build.js", "scripts/release.sh", "docs/guide.md", "doc/api.js", "src/distance.js"]
  },
  {
    kind: "well-known bundled libraries",
    ignored: [
      "js/d3.js",
      "js/angular.js",
      "js/angular-resource.js",
      "js/select2.js",
      "js/mode-ace.js",
      "js/typeahead.js",
      "js/jquery-ui.js",
      "js/reveal.js",
      "js/three.js",
      "js/chart.js",
      "js/jquery.js",
      "js/underscore.js",
      "js/lodash.js",
      "js/bootstrap.js",
      "css/bootstrap.css",
      "css/font-awesome.css"
    ],
    kept: ["js/jquery.plugin.js", "js/angular-app.js", "js/bootstrap.ts", "css/font-awesome.scss", "js/chart.ts"]
  },
  {
    kind: "designer-generated code",
    ignored: ["Forms/Main.Designer.cs", "Forms/Main.designer.cs"],
    kept: ["Forms/Main.cs", "Forms/Designer.cs"]
  }
]

describe("the default ignored paths", () => {
  for (const { ignored, kept, kind } of kinds) {
    it(`leave out ${kind}, and only them`, () => {
      expect(ignored.filter((path) => !isIgnoredByDefault(path))).toEqual([])
      expect(kept.filter(isIgnoredByDefault)).toEqual([])
    })
  }

  it("match the whole path from the root, as the published expressions do", () => {
    // `.*dist/.*` needs something after the slash, and anything before the name.
    expect(isIgnoredByDefault("predist/x.js")).toBe(true)
    expect(isIgnoredByDefault("dist")).toBe(false)
    // A minified file's expression must reach the end of the path.
    expect(isIgnoredByDefault("app.min.js.map")).toBe(false)
  })
})

describe("analyzeTree with the default ignored paths", () => {
  it.scoped("leaves them out of every measure: lines, complexity, duplication, languages, stack, linted files", () =>
    Effect.gen(function*() {
      const root = yield* treeOf({
        "src/app.js": code,
        // A copy the build made: a clone of src/app.js if it were read.
        "dist/app.js": code,
        "public/js/jquery.js": code,
        "public/css/site.min.css": "a{color:red}\n",
        "build/tool.py": "def f(x):\n    return x if x else 0\n",
        "samples/demo.go": "package main\n\nfunc main() {}\n"
      })
      const grammars = yield* loadGrammars
      const { analysis, sources } = yield* analyzeTree(root, grammars, { ...defaultTreeAnalysisSettings, fileDuplicationBlockThreshold: 0 })
        .pipe(Effect.provide(MemoryAnalysisCache.layer))
      expect(sources.map((file) => file.path)).toEqual(["src/app.js"])
      expect(analysis.files.map((file) => [file.path, file.codeLines, file.complexity, file.cloneBlocks])).toEqual([["src/app.js", 8, 4, 0]])
      expect(analysis.totals).toMatchObject({ loc: 8, filesCount: 1, clones: 0, duplicatedLines: 0, stackTags: ["language:javascript"] })
      expect(analysis.totals.languages.map((language) => language.language)).toEqual(["JavaScript"])
    }).pipe(Effect.provide(NodeContext.layer)))
})
