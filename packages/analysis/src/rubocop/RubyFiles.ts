import { languageOf } from "../Language.js"
import type { SourceFile } from "../SourceTree.js"

/**
 * Which files RuboCop checks: Ruby by the measures' language (cloc's extensions, `.rb`, `.rake`,
 * `.gemspec`, `.ru`, …, the Rakefile and Gemfile by name, a script without extension by a `#!`
 * line that names ruby), and the other files RuboCop itself reads as Ruby by their whole name
 * (its own `AllCops: Include`: a Guardfile, a Vagrantfile), which the measures count in no language.
 */

const rubyFileNames: ReadonlySet<string> = new Set([
  "Gemfile",
  "Rakefile",
  "Guardfile",
  "Capfile",
  "Vagrantfile",
  "Podfile",
  "Berksfile",
  "Thorfile",
  "Brewfile",
  "Dangerfile",
  "Fastfile",
  "Appraisals"
])

/** Whether RuboCop checks this file. */
export const takesRuby = (file: SourceFile): boolean =>
  languageOf(file.path, file.content) === "Ruby" || rubyFileNames.has(file.path.slice(file.path.lastIndexOf("/") + 1))

/**
 * The files whose content decides the Ruby version RuboCop parses for when a configuration does
 * not say (`TargetRubyVersion`): it reads them at the root of the project.
 */
export const isRubyVersionSource = (path: string): boolean =>
  /^(?:\.ruby-version|\.tool-versions|Gemfile\.lock|gems\.locked|[^/]+\.gemspec)$/.test(path)
