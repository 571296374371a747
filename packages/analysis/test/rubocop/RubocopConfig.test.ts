import { describe, expect, it } from "vitest"
import { Either } from "effect"
import { documentText, oldestRubyOfGemspec, patternsConfiguration, type SafeConfiguration, safeConfigurationOf, targetingRuby, unknownRubyOf } from "../../src/rubocop/RubocopConfig.js"
import type { SourceFile } from "../../src/SourceTree.js"

const tree = (files: Readonly<Record<string, string>>): ReadonlyMap<string, SourceFile> => new Map(Object.entries(files).map(([path, content]) => [path, { path, content }]))

const safeOf = (files: Readonly<Record<string, string>>) => {
  const all = tree(files)
  const root = all.get(".rubocop.yml")
  if (root === undefined) throw new Error("no .rubocop.yml")
  return safeConfigurationOf(root, all)
}

describe("safeConfigurationOf", () => {
  it("keeps RuboCop's own settings, takes out what loads code or reaches outside the checkout, and names it", () => {
    const safe = safeOf({
      ".rubocop.yml": [
        "require: rubocop-performance",
        "plugins: [rubocop-rails]",
        "inherit_gem: { house: default.yml }",
        "inherit_from: [config/base.yml, ../outside.yml, /etc/rubocop.yml, 'http://example.com/r.yml', missing.yml]",
        "inherit_mode: { merge: [Exclude] }",
        "AllCops: { TargetRubyVersion: 3.1 }",
        "Style: { Enabled: false }",
        "Layout/LineLength: { Max: 120 }",
        "Performance/Casecmp: { Enabled: true }",
        ""
      ].join("\n"),
      "config/base.yml": "inherit_from: ../.rubocop.yml\nLint/Loop:\n  Enabled: false\nRails: { Enabled: true }\n"
    })
    expect(Either.map(safe, (s) => s.documents)).toEqual(Either.right([
      { data: { inherit_mode: { merge: ["Exclude"] }, AllCops: { TargetRubyVersion: 3.1 }, Style: { Enabled: false }, "Layout/LineLength": { Max: 120 } }, inherits: [1] },
      // It inherits from the root again: the cycle ends there.
      { data: { "Lint/Loop": { Enabled: false } }, inherits: [0] }
    ]))
    expect(Either.map(safe, (s) => s.problems)).toEqual(Either.right([
      ".rubocop.yml: require: rubocop-performance is not loaded: RuboCop's extensions (and the repository's own Ruby) are not run here, nor are their cops",
      ".rubocop.yml: plugins: rubocop-rails is not loaded: RuboCop's extensions are not run here, nor are their cops",
      ".rubocop.yml: inherit_gem: [object Object] is not followed: a gem's configuration is outside the checkout",
      "config/base.yml: Rails: not cops of this RuboCop (an extension's, or a newer RuboCop's): left out",
      ".rubocop.yml: inherit_from: ../outside.yml is not followed: it is outside the checkout",
      ".rubocop.yml: inherit_from: /etc/rubocop.yml is not followed: it is outside the checkout",
      ".rubocop.yml: inherit_from: http://example.com/r.yml is not followed: it is outside the checkout",
      ".rubocop.yml: inherit_from: missing.yml is not followed: no such file in the checkout",
      ".rubocop.yml: Performance/Casecmp: not cops of this RuboCop (an extension's, or a newer RuboCop's): left out"
    ]))
  })

  it("refuses a root that is not YAML or not a mapping, and names an inherited one that is not", () => {
    expect(Either.isLeft(safeOf({ ".rubocop.yml": "a: [\n" }))).toBe(true)
    expect(safeOf({ ".rubocop.yml": "- Lint/Loop\n" })).toEqual(Either.left(".rubocop.yml is not a mapping of RuboCop's settings"))
    expect(Either.map(safeOf({ ".rubocop.yml": "inherit_from: todo.yml\n", "todo.yml": "just text\n" }), (s) => s.problems)).toEqual(
      Either.right([".rubocop.yml: inherit_from: todo.yml is not a mapping of RuboCop's settings"])
    )
    expect(Either.map(safeOf({ ".rubocop.yml": "" }), (s) => s.documents)).toEqual(Either.right([{ data: {}, inherits: [] }]))
  })
})

describe("documentText", () => {
  it("writes a document as JSON for RuboCop, its inherited documents by path, every <% escaped for ERB, the root's extension suggestions off", () => {
    const safe = safeOf({
      ".rubocop.yml": "inherit_from: .rubocop_todo.yml\nAllCops:\n  NewCops: enable\nNaming/MethodName:\n  AllowedPatterns: ['<%= `id` %>']\n",
      ".rubocop_todo.yml": "Lint/Loop:\n  Enabled: false\n"
    })
    if (Either.isLeft(safe)) throw new Error(safe.left)
    expect(Either.right(safe.right.problems)).toEqual(Either.right([".rubocop.yml: ERB (<% %>) is not run: it is read as written"]))
    expect(JSON.parse(documentText(safe.right, 0, "/tmp/x"))).toEqual({
      inherit_from: ["/tmp/x/tidemark-rubocop-1.yml"],
      AllCops: { NewCops: "enable", SuggestExtensions: false },
      "Naming/MethodName": { AllowedPatterns: ["<%%= `id` %>"] }
    })
    expect(JSON.parse(documentText(safe.right, 1, "/tmp/x"))).toEqual({ "Lint/Loop": { Enabled: false } })
    expect(JSON.parse(documentText(patternsConfiguration, 0, "/tmp/x"))).toEqual({ AllCops: { SuggestExtensions: false } })
  })
})

describe("targetingRuby", () => {
  it("tells RuboCop the Ruby to parse for in the root document, over the repository's own, and reads the version RuboCop does not know", () => {
    const configuration: SafeConfiguration = {
      documents: [{ data: { AllCops: { TargetRubyVersion: 4.0, Exclude: ["x/**"] }, "Lint/Loop": { Enabled: false } }, inherits: [1] }, { data: {}, inherits: [] }],
      problems: []
    }
    expect(targetingRuby(configuration, 3.2).documents).toEqual([
      { data: { AllCops: { TargetRubyVersion: 3.2, Exclude: ["x/**"] }, "Lint/Loop": { Enabled: false } }, inherits: [1] },
      { data: {}, inherits: [] }
    ])
    expect(targetingRuby(patternsConfiguration, 3.2).documents).toEqual([{ data: { AllCops: { TargetRubyVersion: 3.2 } }, inherits: [] }])
    expect(unknownRubyOf("RuboCop found unknown Ruby version: 4.0\n/usr/share/…/processed_source.rb:269")).toBe("4.0")
    expect(unknownRubyOf("unexpected token")).toBeUndefined()
  })
})

describe("oldestRubyOfGemspec", () => {
  it("reads the oldest Ruby RuboCop knows that a gemspec's required_ruby_version allows, as RubyGems compares", () => {
    const gemspec = (requirement: string) => `Gem::Specification.new do |s|\n  s.name = "x"\n  s.required_ruby_version = ${requirement}\nend\n`
    expect(oldestRubyOfGemspec(gemspec(`">= 3.0.0"`))).toBe(3.0)
    expect(oldestRubyOfGemspec(gemspec(`Gem::Requirement.new(">= 2.7")`))).toBe(2.7)
    expect(oldestRubyOfGemspec(gemspec(`[">= 2.5", "< 4"]`))).toBe(2.5)
    expect(oldestRubyOfGemspec(gemspec(`"~> 3.1"`))).toBe(3.1)
    expect(oldestRubyOfGemspec(gemspec(`"~> 2.6.3"`))).toBe(2.6)
    expect(oldestRubyOfGemspec(gemspec(`"> 2.7"`))).toBe(2.7)
    expect(oldestRubyOfGemspec(gemspec(`"> 2.7.99"`))).toBe(3.0)
    expect(oldestRubyOfGemspec(gemspec(`'>= 1.9.3'`))).toBe(2.0)
    // None RuboCop 1.39 knows (3.2 is its newest), or none named.
    expect(oldestRubyOfGemspec(gemspec(`">= 3.4"`))).toBeUndefined()
    expect(oldestRubyOfGemspec(gemspec("RUBY_REQUIREMENT"))).toBeUndefined()
    expect(oldestRubyOfGemspec("Gem::Specification.new { |s| s.name = 'x' }\n")).toBeUndefined()
  })
})
