import { describe, expect, it } from "vitest"
import { detectStack, filePattern, stackRules } from "../src/index.js"
import { stackFixture } from "./Fixtures.js"

describe("filePattern", () => {
  it("matches a bare name anywhere, a path from the root, `*` within a segment", () => {
    const test = (pattern: string, paths: ReadonlyArray<string>) => paths.map((path) => filePattern(pattern).test(path))
    expect(test("*.ts", ["a.ts", "src/a.ts", "a.tsx", "a.ts/b"])).toEqual([true, true, false, false])
    expect(test(".eslintrc.*", [".eslintrc.json", "pkg/.eslintrc.cjs", "x.eslintrc.json"])).toEqual([true, true, false])
    expect(test(".github/workflows/*.yml", [".github/workflows/ci.yml", "sub/.github/workflows/ci.yml", ".github/workflows/a/b.yml"]))
      .toEqual([true, false, false])
    expect(test("docs/**/*.md", ["docs/a/b/c.md", "docs/c.md"])).toEqual([true, false])
  })
})

describe("detectStack", () => {
  it("tags a TypeScript + React + Express web app with its tools", () => {
    const stack = detectStack(
      ["package.json", "src/App.tsx", "src/server.ts", "eslint.config.js", ".github/workflows/ci.yml", "Dockerfile"],
      [{ path: "package.json", content: stackFixture("package.json.fixture") }]
    )
    expect(stack).toEqual({
      tags: [
        "framework:express", "framework:react", "language:javascript", "language:typescript",
        "tool:docker", "tool:eslint", "tool:github-actions", "tool:prettier", "tool:vitest"
      ],
      unreadable: []
    })
  })

  it("tags Python, JVM, Go, Rust, Ruby and PHP projects from their manifests", () => {
    const manifests = [
      "pyproject.toml", "requirements-dev.txt", "Pipfile", "pom.xml", "build.gradle.kts", "go.mod", "Cargo.toml", "Gemfile", "composer.json"
    ].map((name) => ({ path: `services/${name}`, content: stackFixture(name) }))
    expect(detectStack(["services/app.py", "services/Main.java", "services/build.gradle.kts", "services/pom.xml"], manifests).tags).toEqual([
      "framework:axum", "framework:django", "framework:echo", "framework:gin", "framework:laravel", "framework:quarkus",
      "framework:rails", "framework:spring",
      "language:java", "language:python",
      "tool:black", "tool:flake8", "tool:gradle", "tool:junit", "tool:maven", "tool:phpunit", "tool:pylint", "tool:pytest",
      "tool:rspec", "tool:ruff"
    ])
  })

  it("ignores vendored code, and goes on past a broken manifest", () => {
    const stack = detectStack(
      ["node_modules/lodash/index.js", "vendor/github.com/x/y.go", "main.py"],
      [
        { path: "node_modules/react/package.json", content: '{"dependencies":{"react":"1"}}' },
        { path: "package.json", content: "{ broken" },
        { path: "requirements.txt", content: "flask\n" }
      ]
    )
    expect(stack.tags).toEqual(["framework:flask", "language:python"])
    expect(stack.unreadable.map((error) => [error._tag, error.path])).toEqual([["ManifestError", "package.json"]])
  })

  it("finds nothing in an empty repository", () => {
    expect(detectStack([], [])).toEqual({ tags: [], unreadable: [] })
  })

  it("keeps the rules table well formed: `<kind>:<name>` tags, each with a way to apply", () => {
    for (const rule of stackRules) {
      expect(rule.tag).toMatch(/^(language|framework|tool):[a-z0-9+#.-]+$/)
      expect((rule.files ?? []).length + (rule.dependencies ?? []).length).toBeGreaterThan(0)
      for (const dependency of rule.dependencies ?? []) {
        expect(dependency).toMatch(/^(npm|npm-config|pypi|pyproject-tool|maven|gradle-plugin|go|cargo|gem|composer):./)
      }
    }
    expect(new Set(stackRules.map((rule) => rule.tag)).size).toBe(stackRules.length)
  })
})
