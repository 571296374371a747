import { describe, expect, it } from "vitest"
import { isRubyVersionSource, takesRuby } from "../../src/rubocop/RubyFiles.js"

describe("takesRuby", () => {
  it("takes Ruby by the measures' extensions and names, a #! line naming ruby, and the files RuboCop reads by name", () => {
    for (const path of ["a.rb", "t.rake", "g.gemspec", "config.ru", "x.podspec", "Gemfile", "Rakefile", "a/Guardfile", "Vagrantfile"]) {
      expect(takesRuby({ path, content: "" }), path).toBe(true)
    }
    expect(takesRuby({ path: "bin/setup", content: "#!/usr/bin/env ruby\n" })).toBe(true)
    expect(takesRuby({ path: "bin/setup", content: "#!/bin/bash\n" })).toBe(false)
    for (const path of ["Gemfile.lock", "a.erb", "a.py", "Rakefile.txt"]) expect(takesRuby({ path, content: "" }), path).toBe(false)
  })
})

describe("isRubyVersionSource", () => {
  it("is a root file RuboCop reads the target Ruby version from", () => {
    for (const path of [".ruby-version", ".tool-versions", "Gemfile.lock", "app.gemspec"]) expect(isRubyVersionSource(path), path).toBe(true)
    for (const path of ["sub/.ruby-version", "Gemfile", "lib/a.rb"]) expect(isRubyVersionSource(path), path).toBe(false)
  })
})
