import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { dependenciesOf, isManifest } from "../src/index.js"
import { stackFixture } from "./Fixtures.js"

const declared = (path: string, fixture = path.slice(path.lastIndexOf("/") + 1)): ReadonlyArray<string> =>
  Either.getOrThrow(dependenciesOf(path, stackFixture(fixture))).map((dependency) => `${dependency.ecosystem}:${dependency.name}`)

describe("dependenciesOf", () => {
  it("reads package.json's four dependency tables and its top-level keys", () => {
    expect(declared("web/package.json", "package.json.fixture")).toEqual([
      "npm:react", "npm:express", "npm:typescript", "npm:vitest",
      "npm-config:name", "npm-config:private", "npm-config:dependencies", "npm-config:devDependencies", "npm-config:prettier"
    ])
  })

  it("reads PEP 621, PEP 735 and Poetry tables of pyproject.toml, names normalised as PEP 503 says", () => {
    expect(declared("pyproject.toml")).toEqual(["pypi:django", "pypi:psycopg", "pypi:pytest", "pypi:flake8", "pyproject-tool:ruff"])
    expect(declared("pyproject.toml", "poetry-pyproject.toml")).toEqual(["pypi:fastapi", "pypi:mypy", "pyproject-tool:poetry"])
  })

  it("reads requirement files without their pip options and comments, and Pipfiles", () => {
    expect(declared("requirements-dev.txt")).toEqual(["pypi:flask-login", "pypi:black"])
    expect(declared("Pipfile")).toEqual(["pypi:requests", "pypi:pylint"])
  })

  it("reads Maven and Gradle coordinates and plugin ids", () => {
    expect(declared("pom.xml")).toEqual([
      "maven:org.springframework.boot:spring-boot-starter-parent",
      "maven:org.junit.jupiter:junit-jupiter",
      "maven:org.apache.maven.plugins:maven-surefire-plugin"
    ])
    expect(declared("build.gradle.kts")).toEqual(["maven:io.quarkus:quarkus-rest", "maven:junit:junit", "gradle-plugin:io.quarkus"])
  })

  it("reads go.mod requirements, single and in blocks", () => {
    expect(declared("go.mod")).toEqual(["go:github.com/gin-gonic/gin", "go:github.com/labstack/echo/v4", "go:golang.org/x/net"])
  })

  it("reads Cargo.toml, Gemfile and composer.json", () => {
    expect(declared("Cargo.toml")).toEqual(["cargo:axum", "cargo:tokio", "cargo:proptest"])
    expect(declared("Gemfile")).toEqual(["gem:rails", "gem:rspec-rails"])
    expect(declared("composer.json")).toEqual(["composer:php", "composer:laravel/framework", "composer:phpunit/phpunit"])
  })

  it("knows which files are manifests; other files declare nothing", () => {
    expect(["a/package.json", "requirements.txt", "requirements-dev.txt", "build.gradle", "src/index.ts", "package-lock.json"].map(isManifest))
      .toEqual([true, true, true, true, false, false])
    expect(dependenciesOf("README.md", "anything")).toEqual(Either.right([]))
  })

  it("reports a broken manifest as a ManifestError naming the file and the reason", () => {
    const error = (path: string, content: string): string =>
      Either.match(dependenciesOf(path, content), { onLeft: (left) => `${left._tag}: ${left.message}`, onRight: () => "read" })
    expect(error("package.json", "{ nope")).toMatch(/^ManifestError: cannot read the manifest package\.json: not JSON: /)
    expect(error("package.json", '{"dependencies": ["react"]}')).toBe(
      "ManifestError: cannot read the manifest package.json: at dependencies: Expected { readonly [x: string]: unknown }, actual [\"react\"]"
    )
    expect(error("Cargo.toml", "[dependencies\naxum = 1")).toMatch(/^ManifestError: cannot read the manifest Cargo\.toml: not TOML: /)
    expect(error("pom.xml", "<project><dependencies></project>")).toMatch(/^ManifestError: cannot read the manifest pom\.xml: not XML: /)
  })
})
