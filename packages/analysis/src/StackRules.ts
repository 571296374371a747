/**
 * The stack detection's rules, as data: a tag applies when any of its `files` patterns matches a
 * path of the repository, or any of its `dependencies` is declared by a manifest.
 *
 * - `files`: a pattern without `/` matches a file name anywhere in the repository, one with `/`
 *   matches the path from the root; `*` stands for any characters but `/`, `**` for any path.
 * - `dependencies`: `<ecosystem>:<name>` (see `Ecosystem` in ManifestDependencies.ts); a name
 *   ending in `*` matches every name that starts with what precedes it. Maven names are
 *   `groupId:artifactId`, Go names module paths, pypi names are normalised as PEP 503 says.
 *
 * A tag is `<kind>:<name>`, kinds being `language`, `framework` and `tool`. Add a row to teach the
 * detection a new language, framework or tool; test/Stack.test.ts reads the table back.
 */
export interface StackRule {
  readonly tag: string
  readonly files?: ReadonlyArray<string>
  readonly dependencies?: ReadonlyArray<string>
}

const language = (name: string, ...extensions: ReadonlyArray<string>): StackRule => ({
  tag: `language:${name}`,
  files: extensions.map((extension) => `*.${extension}`)
})

export const stackRules: ReadonlyArray<StackRule> = [
  language("typescript", "ts", "tsx", "mts", "cts"),
  language("javascript", "js", "jsx", "mjs", "cjs"),
  language("python", "py"),
  language("java", "java"),
  // Not `.kts`: a Gradle build script in Kotlin says nothing of the language of the code it builds.
  language("kotlin", "kt"),
  language("scala", "scala"),
  language("go", "go"),
  language("rust", "rs"),
  language("ruby", "rb"),
  language("php", "php"),
  language("csharp", "cs"),
  language("swift", "swift"),
  language("c", "c"),
  language("cpp", "cc", "cpp", "cxx", "hpp"),
  language("dart", "dart"),
  language("elixir", "ex", "exs"),
  language("shell", "sh", "bash"),

  { tag: "framework:react", dependencies: ["npm:react"] },
  { tag: "framework:vue", dependencies: ["npm:vue"] },
  { tag: "framework:angular", dependencies: ["npm:@angular/core"] },
  { tag: "framework:svelte", dependencies: ["npm:svelte"] },
  { tag: "framework:nextjs", dependencies: ["npm:next"] },
  { tag: "framework:nuxt", dependencies: ["npm:nuxt"] },
  { tag: "framework:express", dependencies: ["npm:express"] },
  { tag: "framework:fastify", dependencies: ["npm:fastify"] },
  { tag: "framework:koa", dependencies: ["npm:koa"] },
  { tag: "framework:nestjs", dependencies: ["npm:@nestjs/core"] },
  { tag: "framework:effect", dependencies: ["npm:effect"] },
  { tag: "framework:django", dependencies: ["pypi:django"] },
  { tag: "framework:flask", dependencies: ["pypi:flask"] },
  { tag: "framework:fastapi", dependencies: ["pypi:fastapi"] },
  // Spring Boot's starters, Spring's own modules and the Boot Gradle plugin.
  { tag: "framework:spring", dependencies: ["maven:org.springframework*", "gradle-plugin:org.springframework.boot"] },
  { tag: "framework:quarkus", dependencies: ["maven:io.quarkus*", "gradle-plugin:io.quarkus"] },
  { tag: "framework:rails", dependencies: ["gem:rails"] },
  { tag: "framework:sinatra", dependencies: ["gem:sinatra"] },
  { tag: "framework:laravel", dependencies: ["composer:laravel/framework"] },
  { tag: "framework:symfony", dependencies: ["composer:symfony/framework-bundle"] },
  { tag: "framework:gin", dependencies: ["go:github.com/gin-gonic/gin"] },
  { tag: "framework:echo", dependencies: ["go:github.com/labstack/echo*"] },
  { tag: "framework:actix", dependencies: ["cargo:actix-web"] },
  { tag: "framework:axum", dependencies: ["cargo:axum"] },
  { tag: "framework:rocket", dependencies: ["cargo:rocket"] },

  // A tool counts when the project depends on it or keeps its configuration file.
  { tag: "tool:eslint", files: ["eslint.config.*", ".eslintrc", ".eslintrc.*"], dependencies: ["npm:eslint", "npm-config:eslintConfig"] },
  { tag: "tool:prettier", files: ["prettier.config.*", ".prettierrc", ".prettierrc.*"], dependencies: ["npm:prettier", "npm-config:prettier"] },
  { tag: "tool:jest", files: ["jest.config.*"], dependencies: ["npm:jest", "npm-config:jest"] },
  { tag: "tool:vitest", files: ["vitest.config.*", "vitest.workspace.*"], dependencies: ["npm:vitest"] },
  { tag: "tool:mocha", files: [".mocharc.*"], dependencies: ["npm:mocha"] },
  { tag: "tool:jasmine", files: ["spec/support/jasmine.json"], dependencies: ["npm:jasmine", "npm:jasmine-core"] },
  { tag: "tool:qunit", dependencies: ["npm:qunit"] },
  { tag: "tool:karma", files: ["karma.conf.*"], dependencies: ["npm:karma"] },
  { tag: "tool:cypress", files: ["cypress.config.*", "cypress.json"], dependencies: ["npm:cypress"] },
  { tag: "tool:playwright", files: ["playwright.config.*"], dependencies: ["npm:@playwright/test"] },
  { tag: "tool:biome", files: ["biome.json", "biome.jsonc"], dependencies: ["npm:@biomejs/biome"] },
  { tag: "tool:pytest", files: ["pytest.ini", "conftest.py"], dependencies: ["pypi:pytest", "pyproject-tool:pytest"] },
  { tag: "tool:ruff", files: ["ruff.toml", ".ruff.toml"], dependencies: ["pypi:ruff", "pyproject-tool:ruff"] },
  { tag: "tool:pylint", files: [".pylintrc", "pylintrc"], dependencies: ["pypi:pylint", "pyproject-tool:pylint"] },
  { tag: "tool:flake8", files: [".flake8"], dependencies: ["pypi:flake8"] },
  { tag: "tool:black", dependencies: ["pypi:black", "pyproject-tool:black"] },
  { tag: "tool:mypy", files: ["mypy.ini", ".mypy.ini"], dependencies: ["pypi:mypy", "pyproject-tool:mypy"] },
  { tag: "tool:junit", dependencies: ["maven:junit:junit", "maven:org.junit*"] },
  { tag: "tool:maven", files: ["pom.xml"] },
  { tag: "tool:gradle", files: ["build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts"] },
  { tag: "tool:rspec", files: [".rspec"], dependencies: ["gem:rspec", "gem:rspec-*"] },
  { tag: "tool:rubocop", files: [".rubocop.yml"], dependencies: ["gem:rubocop"] },
  { tag: "tool:phpunit", files: ["phpunit.xml", "phpunit.xml.dist"], dependencies: ["composer:phpunit/phpunit"] },
  { tag: "tool:golangci-lint", files: [".golangci.yml", ".golangci.yaml", ".golangci.toml"] },
  { tag: "tool:docker", files: ["Dockerfile", "*.dockerfile", "docker-compose.yml", "docker-compose.yaml", "compose.yml", "compose.yaml"] },
  { tag: "tool:github-actions", files: [".github/workflows/*.yml", ".github/workflows/*.yaml"] }
]
